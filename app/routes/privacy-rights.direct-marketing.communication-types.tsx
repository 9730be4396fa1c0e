import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/privacy-rights.direct-marketing.communication-types";
import { Fieldset, PhoneInput, RevealCheckbox } from "~/components/form-controls";
import { PrivacyFormPage } from "~/components/privacy/privacy-page";
import { ProgressSteps } from "~/components/privacy/progress-steps";
import { EmailField, NameAndAddressFields } from "~/components/privacy/request-fields";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { siteContext } from "~/context";
import { objectionBrands } from "~/services/privacy-session.server";
import privacyStylesHref from "~/styles/privacy.css?url";
import { formPageMeta } from "~/utils/meta";
import { useLocalizedPath, useSite } from "~/utils/site";
import { communicationForm } from "~/validation/privacy-forms";
import { COMMUNICATION_TYPES, communicationSchema, type CommunicationType, type UserInfo } from "~/validation/privacy-request";
import { privacyRequestAction } from "./privacy-request.action.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: privacyStylesHref }];

/** Spec 2: without brands from step 1 there is nothing to object to. */
async function chosenBrandsOrRedirect(request: Request, language: string) {
  const brands = await objectionBrands(request);
  if (brands.length === 0) throw redirect(`/${language}/privacy-rights`);
  return brands;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { language } = context.get(siteContext);
  await chosenBrandsOrRedirect(request, language);
  return null;
}

type ChannelsValue = { phoneNumber?: string; email?: string; userInfo?: UserInfo };

export async function action(args: Route.ActionArgs) {
  const { language, country } = args.context.get(siteContext);
  const brands = await chosenBrandsOrRedirect(args.request, language);
  return privacyRequestAction(args, communicationForm, (value: ChannelsValue) => ({
    flowType: "OBJECTION",
    brands,
    phoneNumber: value.phoneNumber,
    email: value.email,
    // The postal block is an address in the site's country.
    userInfo: value.userInfo
      ? { ...value.userInfo, address: { ...value.userInfo.address, country: country.toUpperCase() } }
      : undefined,
  }));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GroupMeta = FieldMetadata<Record<string, any>, any, string[]>;

const EMPTY_USER_INFO = {
  firstName: "",
  lastName: "",
  address: { street: "", houseNumber: "", houseNumberExtension: "", postalCode: "", city: "" },
};

export default function ObjectionChannelsPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { country } = useSite();
  const state = usePublicForm({ id: communicationForm.id, schema: communicationSchema, defaultValue: { phoneNumber: "+" } });
  const { fields, form } = state;
  const types = fields.communicationTypes;
  const ticked = new Set(
    ([] as unknown[]).concat(types.initialValue ?? []).filter((value): value is string => typeof value === "string"),
  );
  const blockId = (type: CommunicationType) => (type === COMMUNICATION_TYPES[0] ? types.id : `${types.id}-${type}`);
  // Spec 4: unticking resets the block (phone to '+', e-mail and address emptied).
  const resetBlock = (type: CommunicationType) => {
    if (type === "PHONE") form.update({ name: fields.phoneNumber.name, value: "+", validated: false });
    if (type === "EMAIL") form.update({ name: fields.email.name, value: "", validated: false });
    if (type === "POSTAL") form.update({ name: fields.userInfo.name, value: EMPTY_USER_INFO, validated: false });
  };
  const reveal = (type: CommunicationType, children: ReactNode) => (
    <RevealCheckbox
      key={`${types.key}-${type}`}
      id={blockId(type)}
      name={types.name}
      value={type}
      label={t(`privacyRights.objection.channels.${type}`)}
      defaultChecked={ticked.has(type)}
      invalid={Boolean(types.errors?.length)}
      className="app-channel"
      onToggle={(checked) => {
        if (!checked) resetBlock(type);
      }}
    >
      {children}
    </RevealCheckbox>
  );
  // Spec 5: the example is the country's.
  const example = country === "be" ? { prefix: "+32", number: "+32412345678" } : { prefix: "+31", number: "+31612345678" };
  return (
    <PrivacyFormPage
      titleKey="pages.directMarketingCommunicationTypes.title"
      intro={
        <>
          <ProgressSteps current={2} />
          <p>{t("privacyRights.objection.channels.intro")}</p>
          <p>
            <Link to={to("/privacy-rights/direct-marketing/brands")}>{t("privacyRights.objection.channels.changeBrands")}</Link>
          </p>
        </>
      }
    >
      <PublicForm
        state={state}
        labels={{
          communicationTypes: t("privacyRights.objection.channels.legend"),
          phoneNumber: t("privacyRights.form.phoneNumber"),
          email: t("privacyRights.form.email"),
          "userInfo.firstName": t("privacyRights.form.firstName"),
          "userInfo.lastName": t("privacyRights.form.lastName"),
          "userInfo.address.street": t("privacyRights.form.street"),
          "userInfo.address.houseNumber": t("privacyRights.form.houseNumber"),
          "userInfo.address.houseNumberExtension": t("privacyRights.form.houseNumberExtension"),
          "userInfo.address.postalCode": t("privacyRights.form.postalCode"),
          "userInfo.address.city": t("privacyRights.form.city"),
        }}
        submitLabel={t("privacyRights.objection.channels.submit")}
        sendingLabel={t("privacyRights.form.sending")}
      >
        <Fieldset meta={types} legend={t("privacyRights.objection.channels.legend")} hint={t("privacyRights.objection.channels.hint")}>
          <div className="app-channels">
            {reveal(
              "PHONE",
              <PhoneInput
                meta={fields.phoneNumber}
                label={t("privacyRights.form.phoneNumber")}
                hint={t("privacyRights.objection.channels.phoneHint", { example: example.number })}
                timing="blur"
                inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel", ariaAttributes: false }), placeholder: example.prefix }}
              />,
            )}
            {reveal("EMAIL", <EmailField meta={fields.email} hint={t("privacyRights.objection.channels.emailHint")} />)}
            {reveal(
              "POSTAL",
              <div className="app-reveal__fields">
                <NameAndAddressFields userInfo={fields.userInfo as GroupMeta} nameTiming="blur" addressTiming="blur" autoCompleteSection="postal" />
              </div>,
            )}
            <div className="app-channel app-channel--info">
              <p className="app-channel__title">{t("privacyRights.objection.channels.NOTIFICATIONS")}</p>
              <p>
                {t("privacyRights.objection.channels.notificationsText")}{" "}
                <Link to={to("/privacy-rights/push-notifications")}>{t("privacyRights.objection.channels.notificationsLink")}</Link>
              </p>
            </div>
          </div>
        </Fieldset>
      </PublicForm>
    </PrivacyFormPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => formPageMeta(matches);
