/**
 * An incoming X-Request-Id is kept only when it looks like an id a proxy or
 * tracer generates (8 to 64 letters, digits, '-', '_' or '.', starting with a
 * letter or digit): anything else a client sends is replaced, so logs and
 * responses never carry attacker-chosen text.
 */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{7,63}$/;

export function acceptedRequestId(incoming: string | string[] | undefined): string | null {
  return typeof incoming === "string" && REQUEST_ID_PATTERN.test(incoming) ? incoming : null;
}
