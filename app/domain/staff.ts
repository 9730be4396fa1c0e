/** Staff roles (issue 12/13): agents record objections for callers; officers also run the back office. */
export const STAFF_ROLES = ["agent", "officer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
