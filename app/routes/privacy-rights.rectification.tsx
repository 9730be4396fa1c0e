import { useTranslation } from "react-i18next";
import type { Route } from "./+types/privacy-rights.rectification";
import { BrandSelect } from "~/components/privacy/brand-select";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { EmailField, MessageField } from "~/components/privacy/request-fields";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { brandsFor } from "~/services/content.server";
import { formPageMeta } from "~/utils/meta";
import { rectificationForm } from "~/validation/privacy-forms";
import { rectificationSchema } from "~/validation/privacy-request";
import { privacyRequestAction } from "./privacy-request.action.server";

export function loader({ context }: Route.LoaderArgs) {
  return { brandNames: brandsFor(context.get(siteContext).country).map((brand) => brand.description) };
}

export function action(args: Route.ActionArgs) {
  return privacyRequestAction(args, rectificationForm, (value: { email: string; userMessage: string; brandName?: string }) => ({
    flowType: "RECTIFICATION",
    email: value.email.toLowerCase(),
    userMessage: value.userMessage,
    brandName: value.brandName,
  }));
}

export default function RectificationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const state = usePublicForm({ id: rectificationForm.id, schema: rectificationSchema });
  const { fields } = state;
  return (
    <PrivacyFormPage
      titleKey="pages.rectification.title"
      intro={
        <>
          <p>{t("privacyRights.rectification.intro")}</p>
          <p>{t("privacyRights.form.verifyNote")}</p>
        </>
      }
    >
      <PublicForm
        state={state}
        labels={{
          email: t("privacyRights.form.email"),
          brandName: t("privacyRights.form.brand"),
          userMessage: t("privacyRights.form.userMessage"),
        }}
        submitLabel={t("privacyRights.form.submit")}
        sendingLabel={t("privacyRights.form.sending")}
      >
        <EmailField meta={fields.email} />
        <BrandSelect meta={fields.brandName} brandNames={loaderData.brandNames} />
        <MessageField meta={fields.userMessage} hint={t("privacyRights.rectification.messageHint")} />
      </PublicForm>
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.rectification.description");
