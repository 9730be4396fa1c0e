import { getInputProps } from "@conform-to/react";
import { href, redirect } from "react-router";

import { Field } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { serverContext, siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { staffContext } from "~/http/staff/guard.server";
import { pendingReturnPath, readPendingSignIn } from "~/http/staff/pending-sign-in.server";
import { useTranslation } from "~/i18n/use-translation";
import { twoFactorAccount, verifySecondFactor } from "~/services/staff/two-factor.server";
import { getLogger } from "~/utils/logger.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { staffTwoFactorForm, staffTwoFactorSchema } from "~/validation/staff";

import type { Route } from "./+types/two-factor";
import { finishSignIn, signInAgain, toLogin, twoFactorKeys } from "./two-factor.server";

/**
 * The second step of signing in with a local account that has a
 * second factor. The password was right (the pending cookie says whose, for
 * 5 minutes); a code from the app or a recovery code opens the session.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { language: lang } = context.get(siteContext);
  if (context.get(staffContext)) throw redirect(href("/:lang/internal-privacy-rights/confirm-login", { lang }));
  const accountId = await readPendingSignIn(request);
  const account = accountId ? await twoFactorAccount(await getDb(), { id: accountId }) : null;
  if (!account) throw toLogin(context);
  if (!account.enrolled) throw redirect(href("/:lang/internal-privacy-rights/two-factor/setup", { lang }));
  return null;
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const received = await receivePublicForm(args, staffTwoFactorForm, { guard: false, hideFields: ["code"] });
  if (!received.ok) return received.response;
  const accountId = await readPendingSignIn(request);
  if (!accountId) return signInAgain(request, context);
  const outcome = await verifySecondFactor(await twoFactorKeys(), accountId, received.value.code);
  if (outcome.status === "RATE_LIMITED") {
    getLogger().info(
      { event: "staff-second-factor-refused", staffAccountId: accountId },
      "staff second factor not checked",
    );
    return formReply(staffTwoFactorForm, received.submission, {
      banner: "internal.twoFactor.rateLimited",
      status: 429,
      hideFields: ["code"],
    });
  }
  if (outcome.status === "INVALID") {
    getLogger().info({ event: "staff-second-factor-failed", staffAccountId: accountId }, "staff second factor refused");
    return formReply(staffTwoFactorForm, received.submission, {
      fieldErrors: { code: ["internal.twoFactor.invalid"] },
      status: 401,
      hideFields: ["code"],
    });
  }
  context.get(serverContext).noteForLog("staff signed in (local, second factor)");
  getLogger().info(
    { event: "staff-signed-in", staffAccountId: accountId, method: "local", secondFactor: outcome.method },
    "staff signed in",
  );
  // Back to the page the session ended on, if that is why the staff member signed in.
  const next =
    (await pendingReturnPath(request)) ??
    href("/:lang/internal-privacy-rights/confirm-login", { lang: context.get(siteContext).language });
  return redirect(next, { headers: await finishSignIn(request, outcome.user) });
}

export default function StaffTwoFactorPage() {
  const { t } = useTranslation();
  const state = usePublicForm({ id: staffTwoFactorForm.id, schema: staffTwoFactorSchema });
  const { fields } = state;
  return (
    <>
      <PageTitle titleKey="pages.internalTwoFactor.title" />
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("pages.internalTwoFactor.title")}</h1>
        <p>{t("internal.twoFactor.intro")}</p>
      </header>
      <section className="app-section">
        <PublicForm
          state={state}
          labels={{ code: t("internal.twoFactor.code") }}
          submitLabel={t("internal.twoFactor.submit")}
          sendingLabel={t("internal.twoFactor.sending")}
          replace
        >
          <Field
            meta={fields.code}
            label={t("internal.twoFactor.code")}
            hint={t("internal.twoFactor.codeHint")}
            inputProps={{
              ...getInputProps(fields.code, { type: "text", ariaAttributes: false }),
              autoComplete: "one-time-code",
              spellCheck: false,
              autoCapitalize: "none",
            }}
          />
        </PublicForm>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
