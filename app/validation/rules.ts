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
  controlCharacters: "validation.controlCharacters",
} as const;

/**
 * Control characters have no place in what a visitor types: a NUL or a line
 * break in a name ends up in mail headers and other systems' records. A
 * multi-line text keeps tab and line breaks.
 */
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/;

export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** Values that count as empty (spec 5). */
const PLACEHOLDER_VALUES = ["empty_val", "placeholder"];

/**
 * Required text: not empty after trimming and not a placeholder value.
 * Single-line unless `multiline` (a textarea).
 */
export function requiredText(maxLength: number, options: { multiline?: boolean } = {}) {
  return z
    .string({ error: MESSAGES.required })
    .trim()
    .refine((value) => value.length > 0 && !PLACEHOLDER_VALUES.includes(value), MESSAGES.required)
    .refine((value) => value.length <= maxLength, `${MESSAGES.tooLong}|${maxLength}`)
    .refine((value) => !hasControlCharacters(value, options), MESSAGES.controlCharacters);
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
