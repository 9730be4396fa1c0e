import { getInputProps, getTextareaProps } from "@conform-to/react";

import { useTranslation } from "~/i18n/use-translation";
import { CONTACT_LIMITS, contactSchema } from "~/validation/contact";
import { CONTACT_FORM_ID } from "~/validation/contact-form-id";

import { Field, TextareaField } from "./forms";
import { PublicForm, usePublicForm } from "./use-public-form";

/**
 * Spec 2 "Contact form": name, e-mail and question. Posts to the page's own
 * action (home or about); works without JavaScript. With JavaScript, fields
 * validate as you go and a spinner replaces the form while it is sent.
 */
export function ContactForm({ question }: { question?: string }) {
  const { t } = useTranslation();
  // A link may start the question for the visitor (app/content/contact-topics.ts).
  const state = usePublicForm({ id: CONTACT_FORM_ID, schema: contactSchema, defaultValue: { question } });
  const { fields } = state;
  return (
    <PublicForm
      state={state}
      className="app-contact-form"
      labels={{ name: t("contact.name"), email: t("contact.email"), question: t("contact.question") }}
      submitLabel={t("contact.submit")}
      sendingLabel={t("contact.sending")}
    >
      <Field
        meta={fields.name}
        label={t("contact.name")}
        timing="input"
        inputProps={{
          ...getInputProps(fields.name, { type: "text", ariaAttributes: false }),
          autoComplete: "name",
          maxLength: CONTACT_LIMITS.name,
        }}
      />
      <Field
        meta={fields.email}
        label={t("contact.email")}
        hint={t("contact.emailHint")}
        timing="blur"
        inputProps={{
          ...getInputProps(fields.email, { type: "email", ariaAttributes: false }),
          autoComplete: "email",
          spellCheck: false,
        }}
      />
      <TextareaField
        meta={fields.question}
        label={t("contact.question")}
        timing="input"
        textareaProps={{
          ...getTextareaProps(fields.question, { ariaAttributes: false }),
          maxLength: CONTACT_LIMITS.question,
        }}
      />
    </PublicForm>
  );
}
