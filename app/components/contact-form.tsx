import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useNavigation } from "react-router";
import { CONTACT_LIMITS, contactSchema } from "~/validation/contact";
import { CONTACT_FORM_ID } from "~/validation/contact-form-id";
import { Banner } from "./banner";
import { ErrorSummary, Field, HoneypotField, Spinner, SubmitButton, TextareaField, isIntentSubmit } from "./forms";

/** Messages that are about the whole form, not one field; shown in a banner. */
const BANNER_FIELD_ERRORS = ["contact.emailInvalid"];

/**
 * Spec 2 "Contact form": name, e-mail and question. Posts to the page's own
 * action (home or about); works without JavaScript. With JavaScript, fields
 * validate as you go and a spinner replaces the form while it is sent.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("form") === CONTACT_FORM_ID;

  const [form, fields] = useForm({
    id: CONTACT_FORM_ID,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    // Spec 5: required text is checked on each input, the e-mail address on
    // blur; both on submit. A field only tabbed through shows no error: the
    // handlers below validate fields the visitor has typed in.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });

  const bannerKey =
    form.errors?.[0] ?? fields.email.errors?.find((error) => BANNER_FIELD_ERRORS.includes(error));
  const typedIn = useRef(new Set<string>());
  const validateOnInput = (name: string) => () => {
    typedIn.current.add(name);
    form.validate({ name });
  };
  const validateEmailOnBlur = () => {
    if (typedIn.current.has(fields.email.name)) form.validate({ name: fields.email.name });
  };
  // Submits seen by this form: a result from the server (also without
  // JavaScript) or a submit the browser-side validation stopped.
  const [localSubmits, setLocalSubmits] = useState(0);
  const submitCount = localSubmits + (actionData?.result ? 1 : 0);
  // A closed error banner comes back with the next failed submit.
  const [bannerClosedAt, setBannerClosedAt] = useState(-1);

  return (
    <div className="app-contact-form">
      {/* A live region from page load: a banner added after the submit is announced. */}
      <div role="alert">
        {bannerKey && bannerClosedAt !== submitCount ? (
          <Banner type="error" text={t(bannerKey)} onClose={() => setBannerClosedAt(submitCount)} />
        ) : null}
      </div>
      {submitting ? <Spinner label={t("contact.sending")} /> : null}
      <Form
        method="post"
        {...getFormProps(form)}
        hidden={submitting}
        className="app-form"
        onSubmitCapture={(event) => {
          // Conform's live validation also submits (with an intent button): not a visitor's submit.
          if (isIntentSubmit(event.nativeEvent)) return;
          setLocalSubmits((count) => count + 1);
          // The submit validated everything: a blur afterwards (focus moving to
          // a banner) must not replace the server's answer for an unchanged value.
          typedIn.current.clear();
        }}
      >
        <input type="hidden" name="form" value={CONTACT_FORM_ID} />
        <ErrorSummary
          fields={[
            { meta: fields.name, label: t("contact.name") },
            { meta: fields.email, label: t("contact.email") },
            { meta: fields.question, label: t("contact.question") },
          ]}
          submitCount={submitCount}
          exclude={BANNER_FIELD_ERRORS}
        />
        <Field
          meta={fields.name}
          label={t("contact.name")}
          inputProps={{
            ...getInputProps(fields.name, { type: "text", ariaAttributes: false }),
            autoComplete: "name",
            maxLength: CONTACT_LIMITS.name,
            onInput: validateOnInput(fields.name.name),
          }}
        />
        <Field
          meta={fields.email}
          label={t("contact.email")}
          hint={t("contact.emailHint")}
          inputProps={{
            ...getInputProps(fields.email, { type: "email", ariaAttributes: false }),
            autoComplete: "email",
            spellCheck: false,
            onInput: () => typedIn.current.add(fields.email.name),
            onBlur: validateEmailOnBlur,
          }}
        />
        <TextareaField
          meta={fields.question}
          label={t("contact.question")}
          textareaProps={{
            ...getTextareaProps(fields.question, { ariaAttributes: false }),
            maxLength: CONTACT_LIMITS.question,
            onInput: validateOnInput(fields.question.name),
          }}
        />
        <HoneypotField />
        <SubmitButton submitting={submitting}>{t("contact.submit")}</SubmitButton>
      </Form>
    </div>
  );
}
