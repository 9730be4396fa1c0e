import { getInputProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { PhoneInput } from "~/components/date-and-phone-inputs";
import { Fieldset, RevealCheckbox } from "~/components/form-controls";
import type { FormField } from "~/components/forms";
import {
  EmailField,
  NameAndAddressFields,
  nameAndAddressLabels,
  type PersonField,
} from "~/components/privacy/request-fields";
import type { PublicFormMetadata } from "~/components/use-public-form";
import { useTranslation } from "~/i18n/use-translation";
import { useLocalizedPath, useSite } from "~/utils/site";
import { COMMUNICATION_TYPES, type CommunicationType } from "~/validation/privacy-request";

/** The field labels of the blocks, for the error summary. */
export function channelLabels(t: (key: string) => string): Record<string, string> {
  return {
    communicationTypes: t("privacyRights.objection.channels.legend"),
    phoneNumber: t("privacyRights.form.phoneNumber"),
    email: t("privacyRights.form.email"),
    ...nameAndAddressLabels(t),
  };
}

const EMPTY_USER_INFO = {
  firstName: "",
  lastName: "",
  address: { street: "", houseNumber: "", houseNumberExtension: "", postalCode: "", city: "" },
};

/**
 * The objection's channels (spec 4): phone, e-mail and postal blocks that
 * open when ticked (CSS without JavaScript), and notifications as
 * information only. Unticking resets the block (phone to '+', e-mail and
 * address emptied). Used by the public step 2 and the staff form.
 */
export function ChannelBlocks(props: {
  /** The form the blocks are in (unticking a block resets its fields). */
  form: Pick<PublicFormMetadata, "update">;
  fields: { communicationTypes: FormField; phoneNumber: FormField; email: FormField; userInfo: PersonField };
  emailHint: string;
  /**
   * The staff form: the fields are the customer's on the phone, so the
   * browser must not fill in the staff member's own name, address, phone
   * and e-mail.
   */
  noAutofill?: boolean;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { country } = useSite();
  const { form, fields } = props;
  const types = fields.communicationTypes;
  const ticked = new Set(
    ([] as unknown[]).concat(types.initialValue ?? []).filter((value): value is string => typeof value === "string"),
  );
  const blockId = (type: CommunicationType) => (type === COMMUNICATION_TYPES[0] ? types.id : `${types.id}-${type}`);
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
  const example =
    country === "be" ? { prefix: "+32", number: "+32412345678" } : { prefix: "+31", number: "+31612345678" };
  return (
    <Fieldset
      meta={types}
      legend={t("privacyRights.objection.channels.legend")}
      hint={t("privacyRights.objection.channels.hint")}
    >
      <div className="app-channels">
        {reveal(
          "PHONE",
          <PhoneInput
            meta={fields.phoneNumber}
            label={t("privacyRights.form.phoneNumber")}
            hint={t("privacyRights.objection.channels.phoneHint", { example: example.number })}
            timing="blur"
            inputProps={{
              ...getInputProps(fields.phoneNumber, { type: "tel", ariaAttributes: false }),
              placeholder: example.prefix,
              ...(props.noAutofill ? { autoComplete: "off" } : {}),
            }}
          />,
        )}
        {reveal(
          "EMAIL",
          <EmailField meta={fields.email} hint={props.emailHint} autoComplete={props.noAutofill ? "off" : "email"} />,
        )}
        {reveal(
          "POSTAL",
          <div className="app-reveal__fields">
            <NameAndAddressFields
              userInfo={fields.userInfo}
              nameTiming="blur"
              addressTiming="blur"
              autoCompleteSection="postal"
              noAutofill={props.noAutofill}
            />
          </div>,
        )}
        <div className="app-channel app-channel--info">
          <p className="app-channel__title">{t("privacyRights.objection.channels.NOTIFICATIONS")}</p>
          <p>
            {t("privacyRights.objection.channels.notificationsText")}{" "}
            <Link to={to("/privacy-rights/push-notifications")}>
              {t("privacyRights.objection.channels.notificationsLink")}
            </Link>
          </p>
        </div>
      </div>
    </Fieldset>
  );
}
