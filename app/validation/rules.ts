import { z } from "zod";

/**
 * Spec 5 "Validation rules", in one place. Messages are translation keys;
 * `errorText()` in the UI and the API turn them into texts. A key may carry a
 * parameter after '|' ("validation.tooLong|100").
 */
export const MESSAGES = {
  required: "validation.required",
  email: "validation.email",
  tooLong: "validation.tooLong",
} as const;

/** Values that count as empty (spec 5). */
const PLACEHOLDER_VALUES = ["empty_val", "placeholder"];

/** Required text: not empty after trimming and not a placeholder value. */
export function requiredText(maxLength: number) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .refine((value) => value.length > 0 && !PLACEHOLDER_VALUES.includes(value), MESSAGES.required)
    .refine((value) => value.length <= maxLength, `${MESSAGES.tooLong}|${maxLength}`);
}

/** Required e-mail address with the standard pattern (spec 5). */
export function requiredEmail() {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .refine((value) => value.length > 0, MESSAGES.required)
    .pipe(z.email({ error: MESSAGES.email }).max(254, `${MESSAGES.tooLong}|254`));
}

/** Splits "key|param" into a key and interpolation values. */
export function parseMessage(message: string): { key: string; values: Record<string, string> } {
  const [key, max] = message.split("|");
  return { key, values: max ? { max } : {} };
}
