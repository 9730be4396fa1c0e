/**
 * Fields the privacy-rights forms share: e-mail, message, and the person's
 * name and address (the access/forgotten details and the objection's postal
 * block). Spec 5 timing: required text on input, e-mail and postal on blur.
 */
import { getInputProps, getTextareaProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { PRIVACY_LIMITS, SALUTATIONS, USER_INFO_LIMITS } from "~/validation/privacy-request";

import { Radios } from "../form-controls";
import { Field, TextareaField, type FormField, type ValidationTiming } from "../forms";

/** The error summary's labels of the name and address fields, in page order. */
export function nameAndAddressLabels(t: (key: string) => string): Record<string, string> {
  return {
    "userInfo.firstName": t("privacyRights.form.firstName"),
    "userInfo.lastName": t("privacyRights.form.lastName"),
    "userInfo.address.street": t("privacyRights.form.street"),
    "userInfo.address.houseNumber": t("privacyRights.form.houseNumber"),
    "userInfo.address.houseNumberExtension": t("privacyRights.form.houseNumberExtension"),
    "userInfo.address.postalCode": t("privacyRights.form.postalCode"),
    "userInfo.address.city": t("privacyRights.form.city"),
  };
}

/**
 * The person's fieldset (`userInfo`) as these fields read it: the parts
 * they show, each of whatever value its form's schema takes in.
 */
export type PersonField = FormField<
  | {
      firstName?: unknown;
      lastName?: unknown;
      address?: Partial<
        Record<"street" | "houseNumber" | "houseNumberExtension" | "postalCode" | "city" | "country", unknown>
      >;
    }
  | undefined
>;

export function EmailField({
  meta,
  hint,
  autoComplete = "email",
}: {
  meta: FormField;
  hint?: string;
  autoComplete?: "email" | "off";
}) {
  const { t } = useTranslation();
  return (
    <Field
      meta={meta}
      label={t("privacyRights.form.email")}
      hint={hint ?? t("privacyRights.form.emailHint")}
      timing="blur"
      inputProps={{
        ...getInputProps(meta, { type: "email", ariaAttributes: false }),
        autoComplete,
        spellCheck: false,
      }}
    />
  );
}

export function MessageField({ meta, optional, hint }: { meta: FormField; optional?: boolean; hint?: string }) {
  const { t } = useTranslation();
  return (
    <TextareaField
      meta={meta}
      label={
        optional
          ? t("privacyRights.form.optional", { label: t("privacyRights.form.userMessage") })
          : t("privacyRights.form.userMessage")
      }
      hint={hint}
      timing={optional ? undefined : "input"}
      textareaProps={{
        ...getTextareaProps(meta, { ariaAttributes: false }),
        maxLength: PRIVACY_LIMITS.userMessage,
      }}
    />
  );
}

function TextInput(props: {
  meta: FormField;
  label: string;
  maxLength: number;
  autoComplete: string;
  timing?: ValidationTiming;
  className?: string;
}) {
  return (
    <div className={props.className}>
      <Field
        meta={props.meta}
        label={props.label}
        timing={props.timing}
        inputProps={{
          ...getInputProps(props.meta, { type: "text", ariaAttributes: false }),
          autoComplete: props.autoComplete,
          maxLength: props.maxLength,
        }}
      />
    </div>
  );
}

/**
 * First and last name, then the address. `timing` is the spec's: "input"
 * where the names are required text, "blur" for the postal block.
 * `withCountry` adds a country field (the details of an access request can
 * be from anywhere; the postal block is the site's country).
 */
export function NameAndAddressFields(props: {
  userInfo: PersonField;
  nameTiming: ValidationTiming;
  addressTiming?: ValidationTiming;
  withCountry?: boolean;
  autoCompleteSection?: string;
  /** The person is not the one typing (a staff member on the phone): the browser must not offer its own. */
  noAutofill?: boolean;
}) {
  const { t } = useTranslation();
  const person = props.userInfo.getFieldset();
  const address = person.address.getFieldset();
  const section = props.autoCompleteSection ? `section-${props.autoCompleteSection} ` : "";
  const token = (name: string) => (props.noAutofill ? "off" : `${section}${name}`);
  const label = (key: string) => t(`privacyRights.form.${key}`);
  const optional = (key: string) => t("privacyRights.form.optional", { label: label(key) });
  return (
    <>
      <div className="app-field-row">
        <TextInput
          meta={person.firstName}
          label={label("firstName")}
          maxLength={USER_INFO_LIMITS.firstName}
          autoComplete={token("given-name")}
          timing={props.nameTiming}
        />
        <TextInput
          meta={person.lastName}
          label={label("lastName")}
          maxLength={USER_INFO_LIMITS.lastName}
          autoComplete={token("family-name")}
          timing={props.nameTiming}
        />
      </div>
      <div className="app-field-row app-field-row--address">
        <TextInput
          className="app-field-row__wide"
          meta={address.street}
          label={props.addressTiming ? label("street") : optional("street")}
          maxLength={USER_INFO_LIMITS.street}
          autoComplete={token("address-line1")}
          timing={props.addressTiming}
        />
        <TextInput
          className="app-field-row__narrow"
          meta={address.houseNumber}
          label={props.addressTiming ? label("houseNumber") : optional("houseNumber")}
          maxLength={USER_INFO_LIMITS.houseNumber}
          autoComplete="off"
          timing={props.addressTiming}
        />
        <TextInput
          className="app-field-row__narrow"
          meta={address.houseNumberExtension}
          label={optional("houseNumberExtension")}
          maxLength={USER_INFO_LIMITS.houseNumberExtension}
          autoComplete="off"
        />
      </div>
      <div className="app-field-row">
        <TextInput
          className="app-field-row__narrow"
          meta={address.postalCode}
          label={props.addressTiming ? label("postalCode") : optional("postalCode")}
          maxLength={USER_INFO_LIMITS.postalCode}
          autoComplete={token("postal-code")}
          timing={props.addressTiming}
        />
        <TextInput
          className="app-field-row__wide"
          meta={address.city}
          label={props.addressTiming ? label("city") : optional("city")}
          maxLength={USER_INFO_LIMITS.city}
          autoComplete={token("address-level2")}
          timing={props.addressTiming}
        />
      </div>
      {props.withCountry ? (
        <TextInput
          meta={address.country}
          label={optional("country")}
          maxLength={50}
          autoComplete={token("country-name")}
        />
      ) : null}
    </>
  );
}

/** Salutation (spec 3: MALE, FEMALE, NONE), optional. */
export function SalutationField({ meta }: { meta: FormField }) {
  const { t } = useTranslation();
  return (
    <Radios
      meta={meta}
      inline
      legend={t("privacyRights.form.optional", { label: t("privacyRights.form.salutation") })}
      options={SALUTATIONS.map((value) => ({ value, label: t(`privacyRights.form.salutations.${value}`) }))}
    />
  );
}
