/** Spec 5's date and phone inputs: a Field that filters and formats what is typed. */
import type { FormEvent, InputHTMLAttributes } from "react";

import { filterPhoneTyping, formatDateTyping } from "~/validation/input-format";

import { Field, type FieldMeta, type ValidationTiming } from "./forms";

type InputProps = InputHTMLAttributes<HTMLInputElement> & { key?: string };

/**
 * Spec 5 "Date": dd - mm - yyyy. With JavaScript the typed text is filtered
 * and formatted as it comes; without, the server reads what was typed.
 */
export function DateInput(props: { meta: FieldMeta; label: string; hint?: string; inputProps: InputProps }) {
  return (
    <Field
      meta={props.meta}
      label={props.label}
      hint={props.hint}
      timing="blur"
      inputProps={{
        type: "text",
        inputMode: "numeric",
        autoComplete: "off",
        maxLength: 20,
        ...props.inputProps,
        onInput: (event: FormEvent<HTMLInputElement>) => {
          const input = event.currentTarget;
          const deleting = (event.nativeEvent as InputEvent).inputType?.startsWith("delete");
          // Deleting keeps what is left (else "03 - " could never be erased).
          input.value = deleting ? input.value.replace(/[^\d\s/-]/g, "") : formatDateTyping(input.value);
        },
      }}
    />
  );
}

/**
 * Spec 5 "Phone": starts with '+', digits only after it, at most 22
 * characters. With JavaScript other characters never appear; without, the
 * server drops spaces and dashes and checks the pattern.
 */
export function PhoneInput(props: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  timing?: ValidationTiming;
  inputProps: InputProps;
}) {
  return (
    <Field
      meta={props.meta}
      label={props.label}
      hint={props.hint}
      timing={props.timing}
      inputProps={{
        type: "tel",
        inputMode: "tel",
        autoComplete: "tel",
        maxLength: 22,
        ...props.inputProps,
        onInput: (event: FormEvent<HTMLInputElement>) => {
          const input = event.currentTarget;
          const filtered = filterPhoneTyping(input.value);
          if (filtered !== input.value) input.value = filtered;
        },
      }}
    />
  );
}
