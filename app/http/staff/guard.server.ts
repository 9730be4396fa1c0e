/**
 * The one staff guard. The staff layout's middleware reads who is
 * signed in once per request and puts it in `staffContext`; `requireStaff`
 * middleware refuses a request without the role it needs, before any loader
 * or action runs. Pages send an anonymous visitor to the login page and show
 * an agent the 403 page; downloads and JSON calls answer 401/403 as JSON
 * (spec 6: "the server answers 401 when not logged in"). A page whose
 * session ended goes to the login page that explains it and leads back
 * (session-ended.server.ts).
 */
import { createContext, data, href, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { siteContext } from "~/context";
import { type StaffRole } from "~/domain/staff";
import { textLanguageTag } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import type { ForbiddenPage } from "~/utils/forbidden-page";
import { jsonError, NO_STORE } from "~/utils/json-error";

import type { StaffUser } from "../../services/staff/sessions.server";
import { forgetSentKeptForm, loginAfterEnd, type EndedSession } from "./session-ended.server";
import { readStaffSession } from "./staff-session.server";

/** Who is signed in (null: nobody); set by `readStaff`. */
export const staffContext = createContext<StaffUser | null>(null);

/** When the signed-in session ends (the page warns before), or the session the browser's cookie named that has ended. */
export const staffSessionContext = createContext<{ endsAt: Date | null; ended: EndedSession | null }>({
  endsAt: null,
  ended: null,
});

/** Reads the session once; every guard and page below reads the context. */
export const readStaff: MiddlewareFunction<Response> = async ({ request, context }) => {
  const session = await readStaffSession(request);
  context.set(staffContext, session?.status === "active" ? session.user : null);
  context.set(staffSessionContext, {
    endsAt: session?.status === "active" ? session.endsAt : null,
    ended: session?.status === "ended" ? { email: session.email, sessionKey: session.sessionKey } : null,
  });
};

type Answer = "page" | "call";

function refuse(context: Readonly<RouterContextProvider>, answer: Answer, status: 401 | 403): never {
  const { language: lang, locale } = context.get(siteContext);
  if (answer === "page") {
    if (status === 401) throw redirect(href("/:lang/internal-privacy-rights/login", { lang }));
    const staff = context.get(staffContext);
    const page: ForbiddenPage = {
      forbidden: true,
      title: messageText(locale, "backOffice.forbiddenTitle"),
      text: messageText(locale, "backOffice.forbidden"),
      languageTag: textLanguageTag(locale),
      staff: {
        signedInAs: messageText(locale, "internal.signedInAs", { email: staff?.email ?? "" }),
        signOut: messageText(locale, "internal.signOut"),
        signOutAction: href("/:lang/internal-privacy-rights/logout", { lang }),
        toForm: messageText(locale, "internal.confirm.toForm"),
        formHref: href("/:lang/internal-privacy-rights/direct-marketing", { lang }),
      },
    };
    throw data(page, { status });
  }
  if (status === 401) {
    throw jsonError(401, "UNAUTHORIZED", {
      message: messageText(locale, "internal.notLoggedIn"),
      headers: { ...NO_STORE, "WWW-Authenticate": 'Cookie realm="staff"' },
    });
  }
  throw jsonError(403, "FORBIDDEN", { headers: NO_STORE });
}

/** The signed-in staff member this request runs for; a route below a `requireStaff` guard always has one. */
export function signedInStaff(context: Readonly<RouterContextProvider>, answer: Answer = "page"): StaffUser {
  return context.get(staffContext) ?? refuse(context, answer, 401);
}

/** An agent on a request that is not theirs gets the same 403 page as on an officers' page. */
export function refuseForbiddenPage(context: Readonly<RouterContextProvider>): never {
  return refuse(context, "page", 403);
}

/** Middleware: only a signed-in staff member (with `role`: only officers) gets past. */
export function requireStaff({
  role = "agent",
  answer = "page",
}: { role?: StaffRole; answer?: Answer } = {}): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const { ended } = context.get(staffSessionContext);
    if (answer === "page" && ended && !context.get(staffContext))
      throw await loginAfterEnd(request, context.get(siteContext).language, ended);
    const staff = signedInStaff(context, answer);
    if (role === "officer" && staff.role !== "officer") refuse(context, answer, 403);
    if (request.method === "POST") await forgetSentKeptForm(request, staff);
  };
}
