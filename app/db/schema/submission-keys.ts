/** A submission recognised when it comes again (a repeated post or call answers the same): keyed hashes and the first answer, for 24 hours. */
export interface SubmissionKeyTable {
  key_hash: string;
  fingerprint: string;
  /** The first answer, as JSON. */
  answer: string;
  created_at: string;
}
