import { getInputProps } from "@conform-to/react";
import { href, redirect } from "react-router";

import { Field } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { serverContext, siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { staffContext } from "~/http/staff/guard.server";
import { oidcEnabled } from "~/http/staff/oidc.server";
import { startSecondFactor } from "~/http/staff/pending-sign-in.server";
import { signIn } from "~/http/staff/staff-session.server";
import { useTranslation } from "~/i18n/use-translation";
import { findAccount } from "~/services/staff/accounts.server";
import { signInLimiters, signInWithPassword } from "~/services/staff/sign-in.server";
import { getLogger } from "~/utils/logger.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { staffLoginForm, staffLoginSchema } from "~/validation/staff";
import { keptFormIdOf, RETURN_PARAM, returnPathAsked, SESSION_ENDED, SESSION_PARAM } from "~/validation/staff-return";

import type { Route } from "./+types/login";

/** Why single sign-on sent the staff member back (set by the callback). */
const SSO_PROBLEMS = { failed: "internal.login.ssoFailed", refused: "internal.login.ssoRefused" } as const;

/** Where a sign-in ends: the page the session ended on, or the confirmation. */
function afterSignIn(url: URL, language: string): string {
  return returnPathAsked(url) ?? href("/:lang/internal-privacy-rights/confirm-login", { lang: language });
}

/** The login page says the session ended, and whether what was typed is waiting on the page it leads back to. */
function sessionEndedNotice(url: URL, returnPath: string | null) {
  if (url.searchParams.get(SESSION_PARAM) !== SESSION_ENDED) return null;
  return returnPath && keptFormIdOf(new URL(returnPath, url))
    ? ("internal.login.sessionEndedKept" as const)
    : ("internal.login.sessionEnded" as const);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const url = new URL(request.url);
  if (context.get(staffContext)) throw redirect(afterSignIn(url, language));
  const problem = url.searchParams.get("sso");
  const returnPath = returnPathAsked(url);
  return {
    ssoEnabled: oidcEnabled(),
    // The page the session ended on goes through single sign-on too.
    ssoQuery: returnPath ? `?${new URLSearchParams({ [RETURN_PARAM]: returnPath })}` : "",
    // Why the staff member is here, and whether what they typed is waiting.
    sessionEnded: sessionEndedNotice(url, returnPath),
    // Own members only: `in` would also find `toString` and the like.
    ssoProblem:
      problem && Object.hasOwn(SSO_PROBLEMS, problem) ? SSO_PROBLEMS[problem as keyof typeof SSO_PROBLEMS] : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const received = await receivePublicForm(args, staffLoginForm, { guard: false, hideFields: ["password"] });
  if (!received.ok) return received.response;
  const db = await getDb();
  const outcome = await signInWithPassword(db, await signInLimiters(), {
    ...received.value,
    clientIp: received.clientIp,
  });
  // The account by its id (null when none has this address), never by its address.
  const staffAccountId = (await findAccount(db, received.value.email))?.id ?? null;
  if (outcome.status === "RATE_LIMITED" || outcome.status === "BUSY") {
    const banner = outcome.status === "BUSY" ? "internal.login.busy" : "internal.login.rateLimited";
    getLogger().info(
      { event: "staff-sign-in-refused", staffAccountId, outcome: outcome.status },
      "staff sign-in not checked",
    );
    return formReply(staffLoginForm, received.submission, { banner, status: 429, hideFields: ["password"] });
  }
  if (outcome.status === "INVALID") {
    getLogger().info({ event: "staff-sign-in-failed", staffAccountId }, "staff sign-in refused");
    return formReply(staffLoginForm, received.submission, {
      banner: "internal.login.invalid",
      status: 401,
      hideFields: ["password"],
    });
  }
  // An account with a second factor (or one it must enrol) gets its session on the next page.
  const returnPath = returnPathAsked(new URL(request.url));
  const secondFactor = await startSecondFactor(request, db, outcome.user.email, returnPath);
  if (secondFactor) {
    const lang = context.get(siteContext).language;
    const next =
      secondFactor.step === "enrol"
        ? href("/:lang/internal-privacy-rights/two-factor/setup", { lang })
        : href("/:lang/internal-privacy-rights/two-factor", { lang });
    return redirect(next, { headers: { "Set-Cookie": secondFactor.cookie } });
  }
  context.get(serverContext).noteForLog("staff signed in (local)");
  getLogger().info({ event: "staff-signed-in", staffAccountId, method: "local" }, "staff signed in");
  const cookie = await signIn(request, outcome.user);
  return redirect(afterSignIn(new URL(request.url), context.get(siteContext).language), {
    headers: { "Set-Cookie": cookie },
  });
}

export default function StaffLoginPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = useSite();
  const state = usePublicForm({ id: staffLoginForm.id, schema: staffLoginSchema });
  const { fields } = state;
  return (
    <>
      <PageTitle titleKey="pages.internalLogin.title" error={Boolean(loaderData.ssoProblem)} />
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("pages.internalLogin.title")}</h1>
        <p>{t("internal.login.intro")}</p>
      </header>
      {loaderData.sessionEnded ? <p className="app-notice">{t(loaderData.sessionEnded)}</p> : null}
      {loaderData.ssoProblem ? (
        <p className="app-notice app-notice--error" role="alert">
          {t(loaderData.ssoProblem)}
        </p>
      ) : null}
      {loaderData.ssoEnabled ? (
        <section className="app-section">
          <a
            className="app-button"
            href={`${href("/:lang/internal-privacy-rights/sso", { lang: language })}${loaderData.ssoQuery}`}
          >
            {t("internal.login.sso")}
          </a>
        </section>
      ) : null}
      <section className="app-section" aria-labelledby="local-login">
        <h2 id="local-login">{t("internal.login.localTitle")}</h2>
        <PublicForm
          state={state}
          labels={{ email: t("internal.login.email"), password: t("internal.login.password") }}
          submitLabel={t("internal.login.submit")}
          sendingLabel={t("internal.login.sending")}
          // The tab then holds one page, which its close button may close (window.close()).
          replace
        >
          <Field
            meta={fields.email}
            label={t("internal.login.email")}
            timing="blur"
            inputProps={{
              ...getInputProps(fields.email, { type: "email", ariaAttributes: false }),
              autoComplete: "username",
              spellCheck: false,
            }}
          />
          <Field
            meta={fields.password}
            label={t("internal.login.password")}
            inputProps={{
              ...getInputProps(fields.password, { type: "password", ariaAttributes: false }),
              autoComplete: "current-password",
            }}
          />
        </PublicForm>
        <p>{t("internal.login.noLocalAccounts")}</p>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
