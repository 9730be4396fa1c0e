/**
 * The privacy-rights pages' forms (spec 2): their ids, schemas and the
 * fields each may post (anything else is refused before parsing).
 */
import { defineForm } from "./form-definition";
import { PRIVACY_FORM_IDS } from "./privacy-form-ids";
import {
  accessSchema,
  COMMUNICATION_TYPES,
  communicationSchema,
  objectionBrandsSchema,
  publicationSchema,
  rectificationSchema,
} from "./privacy-request";
import { SELECT_ALL_BEFORE_FIELD, SELECT_ALL_FIELD } from "./select-all";

export const accessForm = defineForm({ id: PRIVACY_FORM_IDS.access, schema: accessSchema });
export const forgottenForm = defineForm({ id: PRIVACY_FORM_IDS.forgotten, schema: accessSchema });

export const rectificationForm = defineForm({ id: PRIVACY_FORM_IDS.rectification, schema: rectificationSchema });

export const publicationForm = defineForm({ id: PRIVACY_FORM_IDS.publication, schema: publicationSchema });

/** Select-all without JavaScript: read and applied before the schema (select-all.ts). */
export const SELECT_ALL_FIELDS = { [SELECT_ALL_FIELD]: 1, [SELECT_ALL_BEFORE_FIELD]: 1 };

/** The postal block of an objection asks for no salutation, and the address is in the site's country. */
export const OBJECTION_POSTAL_OMITS = ["userInfo.salutation", "userInfo.address.country"] as const;

/** Objection step 1: one checkbox per brand of the country, and select-all. */
export function objectionBrandsForm(brandIds: readonly string[]) {
  return defineForm({
    id: PRIVACY_FORM_IDS.objectionBrands,
    schema: objectionBrandsSchema(brandIds),
    groups: { brands: brandIds.length },
    extraFields: SELECT_ALL_FIELDS,
  });
}

/** Objection step 2: the ticked channels and each one's details. */
export const communicationForm = defineForm({
  id: PRIVACY_FORM_IDS.objectionChannels,
  schema: communicationSchema,
  groups: { communicationTypes: COMMUNICATION_TYPES.length },
  omit: OBJECTION_POSTAL_OMITS,
});
