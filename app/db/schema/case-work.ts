/** The privacy team's day: who owns a case, its internal notes, and the keyed hashes a search matches. */

/** A note of the privacy team on a request or an ad report: never shown or mailed to the person; goes with its case. */
export interface InternalNoteTable {
  id: string;
  request_id: string | null;
  complaint_id: string | null;
  /** The staff member's e-mail address. */
  author: string;
  at: string;
  body: string;
}

/** Who owns a case, and the keyed hash its address is searched by. */
export interface CaseWorkColumns {
  /** A staff member's e-mail address, or null: nobody's yet. */
  assignee: string | null;
  assigned_at: string | null;
  /** HMAC of the mailbox (limits.server's target key); the search compares this, never the address. */
  email_key: string | null;
}

/** A request's own: its phone number's key, the owner's reminder, and the moments the figures count from. */
export interface RequestCaseColumns extends CaseWorkColumns {
  /** The keyed hash of the phone number (digits and +), as `email_key` is of the address. */
  phone_key: string | null;
  /** The owner was told the request is 5 days from its due date. */
  owner_reminded_at: string | null;
  /** When it reached COMPLETED, REJECTED or CLOSED. */
  closed_at: string | null;
  /** When its deadline was extended (once at most). */
  extended_at: string | null;
}
