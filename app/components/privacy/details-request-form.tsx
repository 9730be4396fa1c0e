import { useTranslation } from "~/i18n/use-translation";
import { accessSchema } from "~/validation/rights/access";

import { RevealCheckbox } from "../form-controls";
import { PublicForm, usePublicForm } from "../use-public-form";
import {
  EmailField,
  MessageField,
  NameAndAddressFields,
  nameAndAddressLabels,
  SalutationField,
} from "./request-fields";

/**
 * Access and forgotten (spec 2): e-mail, an optional message and the
 * "add my details" toggle revealing salutation, name and address. The
 * toggle is a checkbox whose block CSS shows (`:has()`), so it also works
 * without JavaScript; when it is off at sending, the server keeps no details.
 */
export function DetailsRequestForm({ formId, countryName }: { formId: string; countryName: string }) {
  const { t } = useTranslation();
  const state = usePublicForm({
    id: formId,
    schema: accessSchema,
    defaultValue: { userInfo: { address: { country: countryName } } },
  });
  const { fields } = state;
  const person = fields.userInfo.getFieldset();
  const detailsOn = fields.addDetails.initialValue === "on";
  return (
    <PublicForm
      state={state}
      labels={{
        email: t("privacyRights.form.email"),
        userMessage: t("privacyRights.form.userMessage"),
        "userInfo.salutation": t("privacyRights.form.salutation"),
        ...nameAndAddressLabels(t),
        "userInfo.address.country": t("privacyRights.form.country"),
      }}
      submitLabel={t("privacyRights.form.submit")}
      sendingLabel={t("privacyRights.form.sending")}
    >
      <EmailField meta={fields.email} />
      <MessageField meta={fields.userMessage} optional hint={t("privacyRights.form.userMessageHint")} />
      <RevealCheckbox
        key={fields.addDetails.key}
        id={fields.addDetails.id}
        name={fields.addDetails.name}
        label={t("privacyRights.form.addDetails")}
        describedBy={`${fields.addDetails.id}-hint`}
        defaultChecked={detailsOn}
        hint={
          <p id={`${fields.addDetails.id}-hint`} className="app-field__hint">
            {t("privacyRights.form.addDetailsHint")}
          </p>
        }
      >
        <div className="app-reveal__fields">
          <SalutationField meta={person.salutation} />
          <NameAndAddressFields userInfo={fields.userInfo} nameTiming="input" withCountry />
        </div>
      </RevealCheckbox>
    </PublicForm>
  );
}
