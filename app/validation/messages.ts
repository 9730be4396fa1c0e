/**
 * Spec 5 "Validation rules": their messages. The rules themselves are in
 * ./rules.ts, which carries Zod; the form controls need only these.
 * Messages are translation keys; `errorText()` in the UI and the API
 * turn them into texts. A key may carry a parameter after '|'
 * ("validation.tooLong|100").
 */
export const MESSAGES = {
  required: "validation.required",
  email: "validation.email",
  tooLong: "validation.tooLong",
  controlCharacters: "validation.controlCharacters",
  phone: "validation.phone",
  date: "validation.date",
  address: "validation.address",
  option: "validation.option",
  link: "validation.link",
} as const;

/** Splits "key|param" into a key and interpolation values. */
export function parseMessage(message: string): { key: string; values: Record<string, string> } {
  const [key, max] = message.split("|");
  return { key, values: max ? { max } : {} };
}
