/**
 * Restriction of processing (Art. 18): on which ground (Art. 18(1) a–d),
 * and what it concerns. The data is kept but not used until it is lifted.
 */
import { PRIVACY_LIMITS } from "../privacy-request";
import { detailsRight } from "./details-form";

const RESTRICTION_GROUNDS = ["ACCURACY_CONTESTED", "UNLAWFUL_NO_ERASURE", "LEGAL_CLAIM", "OBJECTION_PENDING"] as const;

export const restriction = detailsRight("restriction", [
  {
    name: "ground",
    kind: "choice",
    options: RESTRICTION_GROUNDS,
    about:
      "Why (Art. 18(1)): the data is contested, its processing unlawful but not to be erased, needed for a legal claim, or an objection is being weighed.",
  },
  {
    name: "concerns",
    kind: "text",
    max: PRIVACY_LIMITS.userMessage,
    multiline: true,
    about: "Which data or processing the restriction concerns, in the person's words.",
  },
]);
