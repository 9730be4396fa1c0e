/**
 * A report about a political ad (EU Regulation 2024/900 Art. 15, spec 3
 * "Complaint"): its states and the moves between them. RECEIVED when sent,
 * IN_REVIEW once the compliance team took it up, CLOSED with an outcome the
 * reporter is mailed. The reasons live with the report form
 * (validation/complaint-reasons.ts), which the browser carries without Zod.
 */
export const COMPLAINT_STATES = ["RECEIVED", "IN_REVIEW", "CLOSED"] as const;
export type ComplaintState = (typeof COMPLAINT_STATES)[number];

/** A report has an owner while it is not closed. */
export const ASSIGNABLE_COMPLAINT_STATES = ["RECEIVED", "IN_REVIEW"] as const satisfies readonly ComplaintState[];

/** Each back-office step: the one state it starts from and the state it leaves. */
export const COMPLAINT_TRANSITIONS = {
  review: { from: "RECEIVED", to: "IN_REVIEW" },
  close: { from: "IN_REVIEW", to: "CLOSED" },
} as const satisfies Record<string, { from: ComplaintState; to: ComplaintState }>;
