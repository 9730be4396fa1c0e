/**
 * The `Idempotency-Key` request header of the JSON calls that store
 * something (IETF draft "The Idempotency-Key HTTP Header Field"): a client
 * that did not hear the answer sends the call again with the same key and
 * gets the first answer; nothing is stored or mailed twice
 * (app/services/submission/keys.server.ts).
 */
import { fingerprintOf, type SubmissionKey } from "~/services/submission/keys.server";
import { jsonError } from "~/utils/json-error";

/**
 * The draft's value is a Structured Field string (`"8e03978e-…"`); the bare
 * token many clients send is taken too. Visible ASCII only, at most 255.
 */
const KEY_VALUE = /^(?:"([\x20\x21\x23-\x5b\x5d-\x7e]{1,255})"|([\x21\x23-\x7e]{1,255}))$/;

/** Every member at every depth, in a stable order: the same JSON gives the same fingerprint however it is spelled. */
function flatten(value: unknown, path: string, into: Array<[string, string]>): Array<[string, string]> {
  if (Array.isArray(value)) value.forEach((item, index) => flatten(item, `${path}[${index}]`, into));
  else if (value !== null && typeof value === "object")
    for (const [name, member] of Object.entries(value)) flatten(member, `${path}.${name}`, into);
  else into.push([path, JSON.stringify(value) ?? "undefined"]);
  return into;
}

/**
 * The call's key, none without the header, or a 400 answer for a malformed
 * one. The fingerprint covers the body and the query (a call's `locale`).
 */
export function idempotencyKeyOf(
  request: Request,
  body: Record<string, unknown>,
  country: string,
): { ok: true; key: SubmissionKey | undefined } | { ok: false; response: Response } {
  const header = request.headers.get("Idempotency-Key");
  if (header === null) return { ok: true, key: undefined };
  const match = KEY_VALUE.exec(header.trim());
  if (!match) {
    return {
      ok: false,
      response: jsonError(400, "VALIDATION", {
        message: "The Idempotency-Key header must be a string of 1 to 255 visible characters, e.g. a UUID.",
      }),
    };
  }
  const url = new URL(request.url);
  const fingerprint = fingerprintOf(flatten(body, "$", [["?", url.search]]));
  return { ok: true, key: { scope: `call:${url.pathname}:${country}`, key: match[1] ?? match[2], fingerprint } };
}
