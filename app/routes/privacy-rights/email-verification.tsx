import { useTranslation } from "react-i18next";
import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/email-verification";
import { SubmitButton } from "~/components/forms";
import { siteContext } from "~/context";
import { localizedPath } from "~/i18n/locale";
import { confirmVerification, inspectVerification } from "~/services/privacy-request.server";
import { PERSONAL } from "~/http/cache-control.server";
import { readFormPost } from "~/http/form-post.server";
import { pageMeta } from "~/utils/meta";
import { defineForm } from "~/validation/form-definition";
import { z } from "~/validation/zod";

/**
 * The link in the verification mail. Opening it changes nothing (mail
 * scanners open links too): it shows what will be done and a confirm button.
 */
const VERIFICATION_FORM_ID = "verification";

/** Read by the action only, so the page's script carries no Zod (issue 14). */
function verificationForm() {
  return defineForm({ id: VERIFICATION_FORM_ID, schema: z.object({ token: z.string() }), fields: { token: 1 } });
}

const OUTCOME_PAGES = {
  verified: "/email-verified",
  "already-verified": "/email-verified",
  used: "/email-verified",
  unknown: "/email-verification-failed",
  expired: "/email-verification-expired",
} as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const view = await inspectVerification(token);
  if (view.status !== "valid") throw redirect(localizedPath(language, OUTCOME_PAGES[view.status]));
  // One person's link, valid until used: never kept by a cache.
  return data({ token, ...view }, { headers: { "Cache-Control": PERSONAL } });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const { language } = context.get(siteContext);
  const post = await readFormPost(request, verificationForm());
  const token = post.ok ? String(post.formData.get("token") ?? "") : "";
  const outcome = await confirmVerification(token);
  return redirect(localizedPath(language, OUTCOME_PAGES[outcome.status]));
}

export default function EmailVerificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { token, rightType, reference, brandCount, channels } = loaderData;
  return (
    <section className="app-section app-verification">
      <h1 className="app-heading-1">{t("verification.confirm.title")}</h1>
      <p>{t("verification.confirm.intro")}</p>
      <dl className="app-verification__summary">
        <dt>{t("verification.confirm.request")}</dt>
        <dd>{t(`verification.rightTypes.${rightType}`)}</dd>
        <dt>{t("verification.confirm.reference")}</dt>
        <dd>{reference}</dd>
        {rightType === "OBJECTION" ? (
          <>
            <dt>{t("verification.confirm.brands")}</dt>
            <dd>{t("verification.confirm.brandCount", { count: brandCount })}</dd>
            <dt>{t("verification.confirm.channels")}</dt>
            <dd>{channels.map((channel) => t(`verification.channels.${channel}`)).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      <Form method="post">
        <input type="hidden" name="form" value={VERIFICATION_FORM_ID} />
        <input type="hidden" name="token" value={token} />
        <SubmitButton submitting={navigation.state === "submitting"}>{t("verification.confirm.submit")}</SubmitButton>
      </Form>
      <p className="app-verification__note">{t("verification.confirm.notYou")}</p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "verification.confirm.title");
