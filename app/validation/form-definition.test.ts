/**
 * Each form's fields (what a post may hold) are read from
 * its schema with Conform's getZodConstraint. These are the maps that were
 * written by hand beside the schemas, kept here to show nothing changed.
 */
import { describe, expect, it } from "vitest";

import { brandsNl } from "~/content/brands";
import * as backOffice from "~/validation/back-office";
import * as caseWork from "~/validation/case-work";
import { complaintForm } from "~/validation/complaint";
import { contactForm } from "~/validation/contact";
import { defineForm, type FormDefinition } from "~/validation/form-definition";
import { postedFields } from "~/validation/form-shape.server";
import { replyForm } from "~/validation/reply";
import { requestStatusForm } from "~/validation/request-status";
import { accessForm, forgottenForm } from "~/validation/rights/access";
import { communicationForm, objectionBrandsForm } from "~/validation/rights/direct-marketing";
import { publicationForm } from "~/validation/rights/publication";
import { rectificationForm } from "~/validation/rights/rectification";
import { internalObjectionForm, staffLoginForm, staffTwoFactorForm, staffTwoFactorSetupForm } from "~/validation/staff";
import { z } from "~/validation/zod";

const EVERY_FORM = { form: 1, submission: 1, website: 1, __intent__: 1 };
const NAME = { "userInfo.firstName": 1, "userInfo.lastName": 1 };
const ADDRESS = {
  "userInfo.address.street": 1,
  "userInfo.address.houseNumber": 1,
  "userInfo.address.houseNumberExtension": 1,
  "userInfo.address.postalCode": 1,
  "userInfo.address.city": 1,
};
const DETAILS = {
  email: 1,
  userMessage: 1,
  addDetails: 1,
  "userInfo.salutation": 1,
  ...NAME,
  ...ADDRESS,
  "userInfo.address.country": 1,
};
const CHANNELS = { communicationTypes: 3, phoneNumber: 1, email: 1, ...NAME, ...ADDRESS };
const brandIds = brandsNl.map((brand) => brand.id);
const BRANDS = { brands: brandIds.length, selectAll: 1, selectAllBefore: 1 };

const HAND_WRITTEN: Array<[FormDefinition, Record<string, number>]> = [
  [backOffice.startForm, { note: 1 }],
  [backOffice.extendForm, { months: 1, reason: 1 }],
  [backOffice.completeForm, { note: 1, openTasksReason: 1 }],
  [backOffice.rejectForm, { reason: 1 }],
  [backOffice.reviewForm, {}],
  [backOffice.closeForm, { outcome: 1 }],
  [backOffice.deliverForm, { message: 1 }],
  [backOffice.removeFileForm, { file: 1 }],
  [backOffice.askForm, { question: 1 }],
  [backOffice.closeNoAnswerForm, { reason: 1 }],
  [backOffice.closeDuplicateForm, {}],
  [caseWork.assignForm, { assignee: 1 }],
  [caseWork.takeForm, {}],
  [caseWork.noteForm, { note: 1 }],
  [caseWork.searchForm, { term: 1 }],
  [caseWork.bulkForm, { references: 100, bulkAction: 1, assignee: 1, months: 1, reason: 1 }],
  [accessForm, DETAILS],
  [forgottenForm, DETAILS],
  [rectificationForm, { email: 1, userMessage: 1, brandName: 1 }],
  [publicationForm, { brandName: 1, article: 1, publicationDate: 1, publicationLink: 1, email: 1, userMessage: 1 }],
  [objectionBrandsForm(brandIds), BRANDS],
  [communicationForm, CHANNELS],
  [internalObjectionForm(brandIds), { ...BRANDS, ...CHANNELS }],
  [staffLoginForm, { email: 1, password: 1 }],
  [staffTwoFactorForm, { code: 1 }],
  [staffTwoFactorSetupForm, { code: 1 }],
  [contactForm, { name: 1, email: 1, question: 1 }],
  [complaintForm, { reason: 1, name: 1, email: 1, explanation: 1, via: 1 }],
  [replyForm, { answer: 1, files: 10 }],
  [requestStatusForm, { reference: 1, email: 1 }],
];

describe("what each form may post, read from its schema", () => {
  it.each(HAND_WRITTEN.map(([definition, fields]) => ({ id: definition.id, definition, fields })))(
    "$id: the fields written by hand before",
    ({ definition, fields }) => {
      expect(postedFields(definition)).toEqual({ ...fields, ...EVERY_FORM });
    },
  );

  it("a group's size is not in the schema: the type asks for it, and a group without one is never guessed", () => {
    const schema = z.object({ topics: z.array(z.string()) });
    // @ts-expect-error a group without its size
    expect(() => postedFields(defineForm({ id: "topics", schema }))).toThrow("how many values may topics carry?");
    expect(postedFields(defineForm({ id: "topics", schema, groups: { topics: 4 } }))).toEqual({
      topics: 4,
      ...EVERY_FORM,
    });
  });
});
