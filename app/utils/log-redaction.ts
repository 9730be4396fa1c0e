/**
 * A URL as the log may keep it: the values of query parameters
 * that carry a secret or a person's data are replaced, so the log can
 * neither confirm someone else's request nor tell who searched for what,
 * and a URL is cut at LOGGED_URL_MAX_LENGTH characters, so a client cannot
 * fill the log with 15 KB lines.
 *
 * Redacted, by name in any case and however it is percent-encoded:
 * - secrets: `token` (the e-mail verification link), `code`, `id_token`,
 *   `access_token`, `refresh_token` (an identity provider's answer at the
 *   OIDC callback; its `state` stays, worthless without the sign-in's
 *   cookie, and the back office's state filter has the same name);
 * - what a person typed or is: `q` (site search, phone filter), `text` (the
 *   back office's reference or e-mail filter, the ad list's text), `email`,
 *   `name`, `phone`;
 * - the way back after signing in again: `kept` (the id of a staff member's text kept across signing in
 *   again) and `returnTo` (the page to go back to, with that id and the
 *   page's own filters in it).
 * The path, the other parameters and a fragment stay as they are.
 */
const REDACTED_PARAMETERS = new Set([
  "token",
  "code",
  "id_token",
  "access_token",
  "refresh_token",
  "q",
  "text",
  "email",
  "name",
  "phone",
  "kept",
  "returnto",
]);

export const LOGGED_URL_MAX_LENGTH = 512;

/** A parameter's name as a server reads it (`%74oken` is `token`); an undecodable one is treated as secret. */
function parameterName(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " ")).trim().toLowerCase();
  } catch {
    return null;
  }
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals < 0) return pair;
      const name = parameterName(pair.slice(0, equals));
      return name === null || REDACTED_PARAMETERS.has(name) ? `${pair.slice(0, equals)}=[redacted]` : pair;
    })
    .join("&");
}

function capLength(url: string): string {
  if (url.length <= LOGGED_URL_MAX_LENGTH) return url;
  const note = `…[cut, ${url.length} characters]`;
  return url.slice(0, LOGGED_URL_MAX_LENGTH - note.length) + note;
}

export function loggableUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryStart = url.indexOf("?");
  if (queryStart < 0) return capLength(url);
  const fragmentStart = url.indexOf("#", queryStart);
  const queryEnd = fragmentStart < 0 ? url.length : fragmentStart;
  return capLength(
    url.slice(0, queryStart + 1) + redactQuery(url.slice(queryStart + 1, queryEnd)) + url.slice(queryEnd),
  );
}
