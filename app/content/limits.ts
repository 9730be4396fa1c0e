/** Spec 5 and 9: length limits of form fields. */
export const SEARCH_BOX_MAX_LENGTH = 100;
