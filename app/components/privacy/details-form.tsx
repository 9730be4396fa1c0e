/**
 * The form of a right declared as a list of fields (validation/rights/
 * details-form.ts): each field drawn from its kind, its texts under
 * `privacyRights.<right>.fields.<name>` (label, hint, options), then the
 * e-mail address. A field needed only after a choice says so in its label,
 * so the form reads the same without JavaScript.
 */
import { getInputProps, getTextareaProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import type { DetailField, DetailsRight } from "~/validation/rights/details-form";

import { CheckboxGroup, Radios } from "../form-controls";
import { Field, TextareaField, type FormField } from "../forms";
import { PublicForm, usePublicForm } from "../use-public-form";
import { EmailField } from "./request-fields";

function DetailControl({ field, meta, textKey }: { field: DetailField; meta: FormField; textKey: string }) {
  const { t } = useTranslation();
  const label = t(`${textKey}.label`);
  const options = (values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`${textKey}.options.${value}`) }));
  switch (field.kind) {
    case "choice":
      return <Radios meta={meta} legend={label} options={options(field.options)} />;
    case "choices":
      return <CheckboxGroup meta={meta} legend={label} hint={t(`${textKey}.hint`)} options={options(field.options)} />;
    case "text": {
      const shown = field.optional ? t("privacyRights.form.optional", { label }) : label;
      const timing = field.optional || field.when ? undefined : ("input" as const);
      return field.multiline ? (
        <TextareaField
          meta={meta}
          label={shown}
          hint={t(`${textKey}.hint`)}
          timing={timing}
          textareaProps={{ ...getTextareaProps(meta, { ariaAttributes: false }), maxLength: field.max }}
        />
      ) : (
        <Field
          meta={meta}
          label={shown}
          hint={t(`${textKey}.hint`)}
          timing={timing}
          inputProps={{ ...getInputProps(meta, { type: "text", ariaAttributes: false }), maxLength: field.max }}
        />
      );
    }
  }
}

export function DetailsForm({ right, textsKey }: { right: DetailsRight; textsKey: string }) {
  const { t } = useTranslation();
  const state = usePublicForm({ id: right.form.id, schema: right.form.schema });
  const fields = state.fields as Record<string, FormField>;
  const textKey = (name: string) => `privacyRights.${textsKey}.fields.${name}`;
  return (
    <PublicForm
      state={state}
      labels={{
        ...Object.fromEntries(right.fields.map((field) => [field.name, t(`${textKey(field.name)}.label`)])),
        email: t("privacyRights.form.email"),
      }}
      submitLabel={t("privacyRights.form.submit")}
      sendingLabel={t("privacyRights.form.sending")}
    >
      {right.fields.map((field) => (
        <DetailControl key={field.name} field={field} meta={fields[field.name]} textKey={textKey(field.name)} />
      ))}
      <EmailField meta={fields.email} />
    </PublicForm>
  );
}
