/**
 * A staff page or form that finds its session ended.
 * The login page says why the staff member is there and, once they are
 * signed in again, sends them back to the page they were on; a form they
 * had sent comes back filled in with what they typed (kept-forms.server.ts),
 * so that sending it again is one press of its button.
 */
import { redirect } from "react-router";

import { getDb } from "~/db/instance.server";
import { getLogger } from "~/utils/logger.server";
import {
  keptFormIdOf,
  loginAfterSessionEnded,
  returnPathOf,
  withKeptForm,
  type KeptForm,
} from "~/validation/staff-return";

import { forgetKeptForm, keepForm, keptFormFor, keptFormOf } from "../../services/staff/kept-forms.server";
import type { StaffUser } from "../../services/staff/sessions.server";

export type EndedSession = { email: string | null; sessionKey: string };

/** A form post's text fields; a multipart post carries files, which are never kept (nor read here). */
async function postedForm(request: Request): Promise<KeptForm | null> {
  if (!(request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded"))
    return null;
  try {
    return keptFormOf(await request.formData());
  } catch {
    return null;
  }
}

/** The redirect to the login page for a request whose session ended: with the way back, and a post's text kept. */
export async function loginAfterEnd(request: Request, language: string, ended: EndedSession): Promise<Response> {
  const url = new URL(request.url);
  let returnPath = returnPathOf(url);
  const form = returnPath && request.method === "POST" ? await postedForm(request) : null;
  if (returnPath && form) {
    const keptId = await keepForm(await getDb(), {
      sessionKey: ended.sessionKey,
      email: ended.email,
      path: new URL(returnPath, url).pathname,
      form,
    });
    returnPath = withKeptForm(returnPath, keptId);
  }
  // What was typed stays out of the log; which form it was is enough to follow a report.
  getLogger().info(
    { event: "staff-session-ended", method: request.method, keptForm: form?.formId ?? null },
    "staff session ended: sent to sign in again",
  );
  return redirect(loginAfterSessionEnded(language, returnPath));
}

/** The form kept for the page this request asks for (its `?kept=` id), for the signed-in staff member only. */
export async function keptFormOnPage(request: Request, staff: StaffUser): Promise<KeptForm | null> {
  const url = new URL(request.url);
  const id = keptFormIdOf(url);
  if (!id) return null;
  return keptFormFor(await getDb(), id, { path: url.pathname.replace(/\.data$/, ""), email: staff.email });
}

/** A post from a page that was refilled: the kept text has been sent again, so it goes. */
export async function forgetSentKeptForm(request: Request, staff: StaffUser): Promise<void> {
  const id = keptFormIdOf(new URL(request.url));
  if (id) await forgetKeptForm(await getDb(), id, staff.email);
}
