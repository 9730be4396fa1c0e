/**
 * Objection to processing based on legitimate interests (Art. 21(1)):
 * what the person objects to and their grounds, which an officer weighs
 * against the group's. Not the objection to direct marketing, which is
 * absolute (direct-marketing.ts).
 */
import { PRIVACY_LIMITS } from "../privacy-request";
import { detailsRight } from "./details-form";

const OBJECTED_PURPOSES = ["PERSONALISED_ADVERTISING", "AUDIENCE_MEASUREMENT", "OTHER"] as const;

export const processingObjection = detailsRight("processing-objection", [
  {
    name: "purposes",
    kind: "choices",
    options: OBJECTED_PURPOSES,
    about: "The processings based on the group's legitimate interests the person objects to.",
  },
  {
    name: "otherPurpose",
    kind: "text",
    max: PRIVACY_LIMITS.article,
    when: { field: "purposes", value: "OTHER" },
    about: "The other processing objected to.",
  },
  {
    name: "grounds",
    kind: "text",
    max: PRIVACY_LIMITS.userMessage,
    multiline: true,
    about: "The grounds of the person's particular situation, which an officer weighs against the group's interests.",
  },
]);
