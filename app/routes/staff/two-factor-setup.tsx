import { getInputProps } from "@conform-to/react";
import { data, href, Link, redirect, useActionData } from "react-router";

import { Field } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { getConfig } from "~/config.server";
import { serverContext, siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { pendingReturnPath } from "~/http/staff/pending-sign-in.server";
import { useTranslation } from "~/i18n/use-translation";
import { twoFactorKey } from "~/services/staff/two-factor-secret.server";
import { confirmEnrolment, enrolmentSecret } from "~/services/staff/two-factor.server";
import { getLogger } from "~/utils/logger.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { staffTwoFactorSetupForm, staffTwoFactorSetupSchema } from "~/validation/staff";

import type { Route } from "./+types/two-factor-setup";
import {
  enrollingAccount,
  finishSignIn,
  qrCodeSvg,
  secretInGroups,
  signInAgain,
  toLogin,
  twoFactorKeys,
} from "./two-factor.server";

/**
 * Enrolling a second factor (TOTP). A signed-in local account
 * comes here of its own accord; an account that must have one comes here
 * after its password and is signed in once its first code confirmed the
 * secret. The recovery codes are shown once, in the answer to that post.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = await enrollingAccount(request, context);
  if (who.kind === "none") throw toLogin(context);
  if (who.kind === "sso") return { view: "sso" as const };
  const pending = who.kind === "pending";
  // Also right after the post that enrolled (its loaders still see the request's old cookies).
  if (who.account.enrolled) return { view: "enrolled" as const, pending };
  const secret = await enrolmentSecret(await getDb(), twoFactorKey(getConfig().sessionSecret), who.account.id);
  if (!secret) return { view: "enrolled" as const, pending };
  return {
    view: "enrol" as const,
    pending,
    qrSvg: await qrCodeSvg(secret.uri),
    secretGroups: secretInGroups(secret.base32),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const received = await receivePublicForm(args, staffTwoFactorSetupForm, { guard: false, hideFields: ["code"] });
  if (!received.ok) return received.response;
  const who = await enrollingAccount(request, context);
  if (who.kind === "none") return signInAgain(request, context);
  if (who.kind === "sso" || who.account.enrolled) {
    const lang = context.get(siteContext).language;
    throw redirect(
      who.kind === "pending"
        ? href("/:lang/internal-privacy-rights/two-factor", { lang })
        : href("/:lang/internal-privacy-rights/confirm-login", { lang }),
    );
  }
  const { account } = who;
  const outcome = await confirmEnrolment(await twoFactorKeys(), account.id, received.value.code);
  if (outcome.status === "RATE_LIMITED") {
    return formReply(staffTwoFactorSetupForm, received.submission, {
      banner: "internal.twoFactor.rateLimited",
      status: 429,
      hideFields: ["code"],
    });
  }
  if (outcome.status === "INVALID") {
    return formReply(staffTwoFactorSetupForm, received.submission, {
      fieldErrors: { code: ["internal.twoFactor.invalid"] },
      status: 400,
      hideFields: ["code"],
    });
  }
  getLogger().info(
    { event: "staff-second-factor-enrolled", staffAccountId: account.id },
    "staff second factor enrolled",
  );
  if (who.kind !== "pending") return data({ recoveryCodes: outcome.recoveryCodes, continueTo: null });
  context.get(serverContext).noteForLog("staff signed in (local, second factor enrolled)");
  getLogger().info(
    { event: "staff-signed-in", staffAccountId: account.id, method: "local", secondFactor: "enrolled" },
    "staff signed in",
  );
  const user = { email: account.email, role: account.role, method: "local" as const };
  // After the codes, back to the page the session ended on, if that is why the staff member signed in.
  const continueTo = await pendingReturnPath(request);
  return data({ recoveryCodes: outcome.recoveryCodes, continueTo }, { headers: await finishSignIn(request, user) });
}

function RecoveryCodes({ codes, continueTo }: { codes: string[]; continueTo: string | null }) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  return (
    <>
      <PageTitle titleKey="internal.twoFactor.setup.doneTitle" />
      <h1 className="app-heading-1">{t("internal.twoFactor.setup.doneTitle")}</h1>
      <section className="app-section" aria-labelledby="recovery-codes">
        <h2 id="recovery-codes">{t("internal.twoFactor.setup.recoveryTitle")}</h2>
        <p>{t("internal.twoFactor.setup.recoveryIntro")}</p>
        <ol className="app-recovery-codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ol>
        <p>
          <Link
            className="app-button"
            to={continueTo ?? href("/:lang/internal-privacy-rights/confirm-login", { lang })}
          >
            {t("internal.twoFactor.setup.continue")}
          </Link>
        </p>
      </section>
    </>
  );
}

function EnrolForm({ qrSvg, secretGroups, pending }: { qrSvg: string; secretGroups: string[]; pending: boolean }) {
  const { t } = useTranslation();
  const state = usePublicForm({ id: staffTwoFactorSetupForm.id, schema: staffTwoFactorSetupSchema });
  const { fields } = state;
  return (
    <>
      {pending ? <p className="app-notice">{t("internal.twoFactor.setup.required")}</p> : null}
      <p>{t("internal.twoFactor.setup.intro")}</p>
      {/* The SVG comes from our own server (qrcode, rendered from the otpauth:// address); the key below is its text alternative. */}
      <div
        className="app-totp-qr"
        role="img"
        aria-label={t("internal.twoFactor.setup.qrLabel")}
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p>{t("internal.twoFactor.setup.manual")}</p>
      <p>
        {t("internal.twoFactor.setup.secret")}: <code className="app-totp-secret">{secretGroups.join(" ")}</code>
      </p>
      <PublicForm
        state={state}
        labels={{ code: t("internal.twoFactor.setup.code") }}
        submitLabel={t("internal.twoFactor.setup.submit")}
        sendingLabel={t("internal.twoFactor.sending")}
      >
        <Field
          meta={fields.code}
          label={t("internal.twoFactor.setup.code")}
          inputProps={{
            ...getInputProps(fields.code, { type: "text", ariaAttributes: false }),
            autoComplete: "one-time-code",
            inputMode: "numeric",
            spellCheck: false,
          }}
        />
      </PublicForm>
    </>
  );
}

export default function StaffTwoFactorSetupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const actionData = useActionData<typeof action>();
  if (actionData && "recoveryCodes" in actionData)
    return <RecoveryCodes codes={actionData.recoveryCodes} continueTo={actionData.continueTo} />;
  return (
    <>
      <PageTitle titleKey="pages.internalTwoFactorSetup.title" />
      <h1 className="app-heading-1">{t("pages.internalTwoFactorSetup.title")}</h1>
      <section className="app-section">
        {loaderData.view === "enrol" ? (
          <EnrolForm qrSvg={loaderData.qrSvg} secretGroups={loaderData.secretGroups} pending={loaderData.pending} />
        ) : null}
        {loaderData.view === "sso" ? <p>{t("internal.twoFactor.setup.sso")}</p> : null}
        {loaderData.view === "enrolled" ? (
          <>
            <p>{t("internal.twoFactor.setup.alreadyOn")}</p>
            <p>
              <Link
                to={
                  loaderData.pending
                    ? href("/:lang/internal-privacy-rights/two-factor", { lang })
                    : href("/:lang/internal-privacy-rights/confirm-login", { lang })
                }
              >
                {t("internal.twoFactor.setup.continue")}
              </Link>
            </p>
          </>
        ) : null}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
