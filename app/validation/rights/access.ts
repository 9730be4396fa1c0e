/**
 * Access (Art. 15) and erasure (Art. 17): an e-mail address, a message, and
 * the optional details toggle (spec 2). One schema for both pages.
 */
import { z } from "~/validation/zod";

import { defineForm } from "../form-definition";
import { PRIVACY_FORM_IDS } from "../privacy-form-ids";
import {
  addIssues,
  checkbox,
  detailsIssues,
  EVEN_WITH_OTHER_ERRORS,
  PRIVACY_LIMITS,
  userInfoShape,
} from "../privacy-request";
import { isGiven, optionalText, requiredEmail } from "../rules";
import type { PayloadRules } from "./payload-rules";

export const accessSchema = z
  .object({
    email: requiredEmail(),
    userMessage: optionalText(PRIVACY_LIMITS.userMessage, { multiline: true }),
    addDetails: checkbox.default(false),
    userInfo: userInfoShape.optional(),
  })
  // Also when the e-mail is wrong: every error is shown at once.
  .superRefine((value, ctx) => {
    if (value.addDetails === true) addIssues(ctx, detailsIssues(value.userInfo));
  }, EVEN_WITH_OTHER_ERRORS)
  // Spec 4: with the toggle off at sending, no userInfo.
  .transform(({ addDetails, userInfo, ...rest }) => ({ ...rest, userInfo: addDetails ? userInfo : undefined }));

export const accessForm = defineForm({ id: PRIVACY_FORM_IDS.access, schema: accessSchema });
export const forgottenForm = defineForm({ id: PRIVACY_FORM_IDS.forgotten, schema: accessSchema });

/** The call: details, when any are given, hold a first and last name. */
export const accessPayload: PayloadRules = (payload, { pick, report }) => {
  const userInfo = payload.userInfo ?? undefined;
  if (userInfo && (isGiven(userInfo.firstName) || isGiven(userInfo.lastName) || userInfo.address)) {
    report(detailsIssues(userInfo));
  }
  return {
    userMessage: pick(
      optionalText(PRIVACY_LIMITS.userMessage, { multiline: true }),
      payload.userMessage,
      "userMessage",
    ),
    userInfo,
  };
};
