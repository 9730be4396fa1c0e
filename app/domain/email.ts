/**
 * One normal form for an e-mail address, wherever one is stored, compared or
 * looked up (privacy requests, suppressions, complaints, staff accounts): the
 * same person typing "Anna@Example.NL " twice is one address.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
