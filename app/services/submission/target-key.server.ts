import { createHmac } from "node:crypto";

import { getConfig } from "~/config.server";
import { mailboxOf } from "~/domain/email";

/**
 * The target of a submission as it is counted and searched for:
 * a keyed hash of the mailbox an e-mail address reaches (its
 * case, a `+tag`: `mailboxOf`) or of a phone number without spaces
 * and punctuation. The limits table holds no address, and a search compares
 * this key, so the term it was given is kept nowhere.
 */
export function targetKey(target: string): string {
  const spelled = target.includes("@") ? mailboxOf(target) : target.replace(/[^\d+]/g, "");
  return createHmac("sha256", getConfig().sessionSecret).update(`target\n${spelled}`).digest("base64url");
}

/** The keys a request or a report is found by: null where it has no address or number. */
export function searchKeys(input: { email: string | null; phone: string | null }) {
  return {
    email_key: input.email ? targetKey(input.email) : null,
    phone_key: input.phone ? targetKey(input.phone) : null,
  };
}
