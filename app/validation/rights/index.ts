/** Each right's rules for the JSON call, from its own validation module. */
import type { RightType } from "~/domain/rights";

import { accessPayload } from "./access";
import { directMarketingPayload } from "./direct-marketing";
import type { PayloadRules } from "./payload-rules";
import { publicationPayload } from "./publication";
import { rectificationPayload } from "./rectification";

export const PAYLOAD_RULES: Record<RightType, PayloadRules> = {
  RIGHT_OF_ACCESS: accessPayload,
  RIGHT_TO_BE_FORGOTTEN: accessPayload,
  RECTIFICATION: rectificationPayload,
  OBJECTION: directMarketingPayload,
  REMOVAL_FROM_PUBLICATION: publicationPayload,
};
