import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type FormEvent } from "react";
import { useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import type { FormActionData } from "~/utils/public-form.server";
import { FORM_ID_FIELD } from "~/validation/form-definition";
import { HoneypotField, isIntentSubmit } from "./forms";

/** Spec 5: when a field is checked as the visitor works (always on submit). */
export type ValidationTiming = "input" | "blur";

/**
 * The wiring every public form shares (issue 10): its own action result only
 * (two forms may share a page), live validation with Conform, the submits
 * seen (for the error summary's focus), the busy state while this form is
 * sent, and the banner the action asked for (closable, back on the next
 * failed submit).
 */
export function usePublicForm<Schema extends z.ZodType>(definition: { id: string; schema: Schema }) {
  const actionData = useActionData() as FormActionData | undefined;
  const mine = actionData?.formId === definition.id ? actionData : undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get(FORM_ID_FIELD) === definition.id;

  const [form, fields] = useForm({
    id: definition.id,
    lastResult: navigation.state === "idle" ? mine?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: definition.schema }),
    // Spec 5: e-mail and postal on blur and on submit; required text also on
    // input (see `validateOn`).
    shouldValidate: "onBlur",
    shouldRevalidate: "onBlur",
  });

  const [localSubmits, setLocalSubmits] = useState(0);
  const submitCount = localSubmits + (mine ? 1 : 0);
  const [bannerClosedAt, setBannerClosedAt] = useState(-1);
  const banner = mine?.banner && bannerClosedAt !== submitCount ? mine.banner : null;

  return {
    form,
    fields,
    submitting,
    submitCount,
    banner,
    closeBanner: () => setBannerClosedAt(submitCount),
    formProps: {
      ...getFormProps(form),
      method: "post" as const,
      onSubmitCapture: (event: FormEvent<HTMLFormElement>) => {
        // Conform's live validation also submits (with an intent button): not a visitor's submit.
        if (!isIntentSubmit(event.nativeEvent)) setLocalSubmits((count) => count + 1);
      },
    },
    /** Event handlers for a field's timing: "input" validates on each keystroke once typed in. */
    validateOn(name: string, timing: ValidationTiming) {
      return timing === "input" ? { onInput: () => form.validate({ name }) } : {};
    },
    /** The hidden fields every public form carries: its id and the honeypot. */
    hiddenFields: (
      <>
        <input type="hidden" name={FORM_ID_FIELD} value={definition.id} />
        <HoneypotField />
      </>
    ),
  };
}
