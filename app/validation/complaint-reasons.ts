/**
 * The report's reasons and form id, apart from its schema: the reason
 * layer and the report dialog's button do not carry Zod.
 */
export const COMPLAINT_REASONS = ["MISLEADING", "INCORRECT", "DISCRIMINATORY", "ALCOHOL_DRUGS_SEX"] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

export const COMPLAINT_FORM_ID = "ad-complaint";
