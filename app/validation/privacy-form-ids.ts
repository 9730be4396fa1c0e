/**
 * The privacy forms' ids, apart from their schemas: a page names its form
 * without carrying Zod, which comes with the form's own module.
 */
export const PRIVACY_FORM_IDS = {
  access: "access",
  forgotten: "forgotten",
  rectification: "rectification",
  publication: "publication",
  objectionBrands: "objection-brands",
  objectionChannels: "objection-channels",
} as const;
