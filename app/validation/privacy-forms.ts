/**
 * The privacy-rights pages' forms (spec 2): their ids, schemas and the
 * fields each may post (issue 8: anything else is refused before parsing).
 */
import { defineForm } from "./form-definition";
import { PRIVACY_FORM_IDS } from "./privacy-form-ids";
import {
  COMMUNICATION_TYPES,
  accessSchema,
  communicationSchema,
  objectionBrandsSchema,
  publicationSchema,
  rectificationSchema,
} from "./privacy-request";
import { SELECT_ALL_BEFORE_FIELD, SELECT_ALL_FIELD } from "./select-all";

const NAME_FIELDS = { "userInfo.firstName": 1, "userInfo.lastName": 1 };
const ADDRESS_FIELDS = {
  "userInfo.address.street": 1,
  "userInfo.address.houseNumber": 1,
  "userInfo.address.houseNumberExtension": 1,
  "userInfo.address.postalCode": 1,
  "userInfo.address.city": 1,
};
const DETAILS_FIELDS = {
  email: 1,
  userMessage: 1,
  addDetails: 1,
  "userInfo.salutation": 1,
  ...NAME_FIELDS,
  ...ADDRESS_FIELDS,
  "userInfo.address.country": 1,
};

export const accessForm = defineForm({ id: PRIVACY_FORM_IDS.access, schema: accessSchema, fields: DETAILS_FIELDS });
export const forgottenForm = defineForm({ id: PRIVACY_FORM_IDS.forgotten, schema: accessSchema, fields: DETAILS_FIELDS });

export const rectificationForm = defineForm({
  id: PRIVACY_FORM_IDS.rectification,
  schema: rectificationSchema,
  fields: { email: 1, userMessage: 1, brandName: 1 },
});

export const publicationForm = defineForm({
  id: PRIVACY_FORM_IDS.publication,
  schema: publicationSchema,
  fields: { brandName: 1, article: 1, publicationDate: 1, publicationLink: 1, email: 1, userMessage: 1 },
});

/** An objection's brands: one checkbox per brand of the country, and select-all. */
export function objectionBrandFields(brandIds: readonly string[]) {
  return { brands: brandIds.length, [SELECT_ALL_FIELD]: 1, [SELECT_ALL_BEFORE_FIELD]: 1 };
}

/** An objection's channels: the ticked ones and each one's details. */
export const OBJECTION_CHANNEL_FIELDS = {
  communicationTypes: COMMUNICATION_TYPES.length,
  phoneNumber: 1,
  email: 1,
  ...NAME_FIELDS,
  ...ADDRESS_FIELDS,
};

/** Objection step 1. */
export function objectionBrandsForm(brandIds: readonly string[]) {
  return defineForm({ id: PRIVACY_FORM_IDS.objectionBrands, schema: objectionBrandsSchema(brandIds), fields: objectionBrandFields(brandIds) });
}

/** Objection step 2. */
export const communicationForm = defineForm({ id: PRIVACY_FORM_IDS.objectionChannels, schema: communicationSchema, fields: OBJECTION_CHANNEL_FIELDS });
