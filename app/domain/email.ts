/**
 * One normal form for an e-mail address, wherever one is stored, compared or
 * looked up (privacy requests, suppressions, complaints, staff accounts): the
 * same person typing "Anna@Example.NL " twice is one address.
 */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Gmail's two domain names: the same mailboxes, and dots in the local part do not count there. */
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The mailbox an address reaches, as far as we can tell without asking its
 * provider: what the limit per target counts, never what is
 * mailed or stored. A `+tag` is dropped (RFC 5233 subaddressing: Gmail,
 * Outlook, iCloud, Fastmail, Postfix's default all deliver `anna+x@` to
 * `anna@`); where a provider does not, two people merely share one count.
 * Dots are dropped at Gmail only, which documents that they do not matter
 * there; elsewhere `j.smith` and `jsmith` can be two colleagues, and no
 * other provider is known to fold them.
 */
export function mailboxOf(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  // The first "+" after at least one character: a local part that starts with "+" has no tag.
  const local = address.slice(0, at).replace(/^(.+?)\+.*$/s, "$1");
  return GMAIL_DOMAINS.has(domain) ? `${local.replaceAll(".", "")}@gmail.com` : `${local}@${domain}`;
}
