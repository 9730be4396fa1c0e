/** Each right's rules for the JSON call, from its own validation module. */
import type { RightType } from "~/domain/rights";

import { accessPayload } from "./access";
import type { DetailsRight } from "./details-form";
import { directMarketingPayload } from "./direct-marketing";
import type { PayloadRules } from "./payload-rules";
import { portability } from "./portability";
import { processingObjection } from "./processing-objection";
import { publicationPayload } from "./publication";
import { rectificationPayload } from "./rectification";
import { restriction } from "./restriction";

export const PAYLOAD_RULES: Record<RightType, PayloadRules> = {
  RIGHT_OF_ACCESS: accessPayload,
  RIGHT_TO_BE_FORGOTTEN: accessPayload,
  RECTIFICATION: rectificationPayload,
  OBJECTION: directMarketingPayload,
  REMOVAL_FROM_PUBLICATION: publicationPayload,
  RESTRICTION_OF_PROCESSING: restriction.payload,
  DATA_PORTABILITY: portability.payload,
  OBJECTION_TO_PROCESSING: processingObjection.payload,
};

/** The rights whose form is their list of fields (details-form.ts). */
export const DETAILS_RIGHTS: Partial<Record<RightType, DetailsRight>> = {
  RESTRICTION_OF_PROCESSING: restriction,
  DATA_PORTABILITY: portability,
  OBJECTION_TO_PROCESSING: processingObjection,
};
