/**
 * A request's path for the log: secrets in the query (the e-mail
 * verification token) are replaced, so the log cannot be used to confirm
 * someone else's request.
 */
export function loggableUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}
