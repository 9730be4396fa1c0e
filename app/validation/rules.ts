import { z } from "~/validation/zod";

import { MESSAGES } from "./messages";

export { MESSAGES, parseMessage } from "./messages";

/**
 * Control characters have no place in what a visitor types: a NUL or a line
 * break in a name ends up in mail headers and other systems' records. A
 * multi-line text keeps tab and line breaks. Control characters are named by
 * their Unicode category (`\p{Cc}`: U+0000–U+001F and U+007F–U+009F), so the
 * patterns themselves hold none; the line and paragraph separators join them.
 *
 * A single line also refuses Unicode's bidirectional controls
 * (`\p{Bidi_Control}`: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069):
 * a U+202E in a name turns the rest of a mail subject or a
 * back-office row around ("…fdp.exe"). Right-to-left writing itself needs
 * none of them (Arabic and Hebrew letters carry their direction), so no real
 * name or subject is refused. A multi-line message keeps them: mixed
 * Arabic or Hebrew and Dutch prose may need a mark to show right, and a
 * message is only ever shown as text in a block of its own (its paragraph
 * ends an override there) or in a mail's body, never in a subject or header.
 */
const SINGLE_LINE_FORBIDDEN = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;
const MULTI_LINE_FORBIDDEN = /(?![\t\n\r])[\p{Cc}\u2028\u2029]/u;

function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value);
}

/** Values that count as empty (spec 5): a select's placeholder and empty option. */
export const PLACEHOLDER_OPTION = "placeholder";
export const EMPTY_OPTION = "empty_val";
const PLACEHOLDER_VALUES = [EMPTY_OPTION, PLACEHOLDER_OPTION];

/** Trimmed text that counts as given (not empty, not a placeholder value). */
export function isGiven(value: string | undefined | null): value is string {
  return typeof value === "string" && value.trim() !== "" && !PLACEHOLDER_VALUES.includes(value.trim());
}

/**
 * Optional text: empty or a placeholder value becomes undefined; otherwise
 * bounded and without control characters.
 */
export function optionalText(maxLength: number, options: { multiline?: boolean } = {}) {
  return z.preprocess(
    (value) => (typeof value === "string" && isGiven(value) ? value.trim() : undefined),
    z
      .string()
      .max(maxLength, `${MESSAGES.tooLong}|${maxLength}`)
      .refine((value) => !hasControlCharacters(value, options), MESSAGES.controlCharacters)
      .optional(),
  );
}

/**
 * Required text: not empty after trimming and not a placeholder value.
 * Single-line unless `multiline` (a textarea). `missing`: what an empty
 * field says where the spec leaves the text open (the staff forms):
 * what to do ('Geef een reden op voor de verlenging') rather than 'Dit
 * veld is verplicht', which the spec quotes for the public forms.
 */
export function requiredText(maxLength: number, options: { multiline?: boolean; missing?: string } = {}) {
  const missing = options.missing ?? MESSAGES.required;
  return z
    .string({ error: missing })
    .trim()
    .refine((value) => value.length > 0 && !PLACEHOLDER_VALUES.includes(value), missing)
    .refine((value) => value.length <= maxLength, `${MESSAGES.tooLong}|${maxLength}`)
    .refine((value) => !hasControlCharacters(value, options), MESSAGES.controlCharacters);
}

/** Required e-mail address with the standard pattern (spec 5). */
export function requiredEmail(missing: string = MESSAGES.required) {
  return z
    .string({ error: missing })
    .trim()
    .refine((value) => value.length > 0, missing)
    .pipe(z.email({ error: MESSAGES.email }).max(254, `${MESSAGES.tooLong}|254`));
}

/** Spec 5/9: '+', three digits 1-9, then 3 to 20 digits; at most 22 characters. */
const PHONE_PATTERN = /^\+[1-9]{3}\d{3,20}$/;
const PHONE_MAX_LENGTH = 22;

/** A lone '+' (the input's starting value) counts as empty (spec 4). */
export function isPhoneGiven(value: string | undefined | null): value is string {
  return typeof value === "string" && value.replace(/\s/g, "") !== "" && value.replace(/\s/g, "") !== "+";
}

/** Spaces a person may type are dropped: "+31 6 1234 5678" is "+31612345678". */
export function normalisePhone(value: string): string {
  return value.replace(/[\s-]/g, "");
}

export function isValidPhone(value: string): boolean {
  return value.length <= PHONE_MAX_LENGTH && PHONE_PATTERN.test(normalisePhone(value));
}

/**
 * What a person types without the auto-formatting script ("3/2/2024",
 * "03-02-2024", "03 - 02 - 2024", "3.2.2024") as an ISO date, or null when it
 * is not a real day (31 - 02 - 2024).
 */
export function parseDayMonthYear(value: string): string | null {
  const match = /^\s*(\d{1,2})\s*[-/. ]\s*(\d{1,2})\s*[-/. ]\s*(\d{4})\s*$/.exec(value);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${match[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
