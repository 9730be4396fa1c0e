import { getInputProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/privacy-rights.publication";
import { DateInput } from "~/components/form-controls";
import { Field } from "~/components/forms";
import { BrandSelect } from "~/components/privacy/brand-select";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { EmailField, MessageField } from "~/components/privacy/request-fields";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { brandsFor } from "~/services/content.server";
import { formPageMeta } from "~/utils/meta";
import { notFound } from "~/utils/not-found";
import { publicationForm } from "~/validation/privacy-forms";
import { PRIVACY_LIMITS, flowAllowedIn, publicationSchema } from "~/validation/privacy-request";
import { privacyRequestAction } from "./privacy-request.action.server";

/** Removal from a publication is offered in Belgium only (spec 2, 9): elsewhere the page does not exist. */
function onlyInBelgium({ request, context }: { request: Request; context: Route.LoaderArgs["context"] }) {
  const { country } = context.get(siteContext);
  if (!flowAllowedIn("REMOVAL_FROM_PUBLICATION", country)) notFound(request);
  return country;
}

export function loader(args: Route.LoaderArgs) {
  const country = onlyInBelgium(args);
  return { brandNames: brandsFor(country).map((brand) => brand.description) };
}

type PublicationValue = {
  email: string;
  userMessage: string;
  brandName?: string;
  article: string;
  publicationDate: string;
  publicationLink?: string;
};

export function action(args: Route.ActionArgs) {
  onlyInBelgium(args);
  return privacyRequestAction(args, publicationForm, (value: PublicationValue) => ({
    flowType: "REMOVAL_FROM_PUBLICATION",
    email: value.email.toLowerCase(),
    userMessage: value.userMessage,
    brandName: value.brandName,
    article: value.article,
    publicationDate: value.publicationDate,
    publicationLink: value.publicationLink,
  }));
}

export default function PublicationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const state = usePublicForm({ id: publicationForm.id, schema: publicationSchema });
  const { fields } = state;
  return (
    <PrivacyFormPage
      titleKey="pages.publication.title"
      intro={
        <>
          <p>{t("privacyRights.publication.intro")}</p>
          <p>{t("privacyRights.publication.balance")}</p>
          <p>{t("privacyRights.form.verifyNote")}</p>
        </>
      }
    >
      <PublicForm
        state={state}
        labels={{
          brandName: t("privacyRights.form.brand"),
          article: t("privacyRights.form.article"),
          publicationDate: t("privacyRights.form.publicationDate"),
          publicationLink: t("privacyRights.form.publicationLink"),
          email: t("privacyRights.form.email"),
          userMessage: t("privacyRights.form.userMessage"),
        }}
        submitLabel={t("privacyRights.form.submit")}
        sendingLabel={t("privacyRights.form.sending")}
      >
        <BrandSelect meta={fields.brandName} brandNames={loaderData.brandNames} />
        <Field
          meta={fields.article}
          label={t("privacyRights.form.article")}
          hint={t("privacyRights.form.articleHint")}
          timing="input"
          inputProps={{ ...getInputProps(fields.article, { type: "text", ariaAttributes: false }), maxLength: PRIVACY_LIMITS.article }}
        />
        <DateInput
          meta={fields.publicationDate}
          label={t("privacyRights.form.publicationDate")}
          hint={t("privacyRights.form.publicationDateHint")}
          inputProps={getInputProps(fields.publicationDate, { type: "text", ariaAttributes: false })}
        />
        <Field
          meta={fields.publicationLink}
          label={t("privacyRights.form.optional", { label: t("privacyRights.form.publicationLink") })}
          hint={t("privacyRights.form.publicationLinkHint")}
          timing="blur"
          inputProps={{
            ...getInputProps(fields.publicationLink, { type: "url", ariaAttributes: false }),
            maxLength: PRIVACY_LIMITS.publicationLink,
            spellCheck: false,
          }}
        />
        <EmailField meta={fields.email} />
        <MessageField meta={fields.userMessage} hint={t("privacyRights.publication.messageHint")} />
      </PublicForm>
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches, "pages.publication.description");
