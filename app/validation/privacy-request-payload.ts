import { normaliseEmail } from "~/domain/email";
import { RIGHT_TYPES, rightOf } from "~/domain/rights";
import { z } from "~/validation/zod";

import { userInfoShape, type PrivacyRequestInput } from "./privacy-request";
import { PAYLOAD_RULES } from "./rights";
import type { PayloadTools } from "./rights/payload-rules";
import { isGiven, MESSAGES, optionalText, requiredEmail } from "./rules";

/**
 * `POST /api/privacy-rights/request` (spec 7): the envelope every right
 * shares, then the right's own rules from its module (rights/). `brands`
 * are brand keys of the request's country (checked by the caller, who knows
 * the country). A right's own fields come beside the others and are read by
 * its module.
 */
export const privacyRequestPayloadSchema = z
  .looseObject({
    flowType: z.enum(RIGHT_TYPES, { error: MESSAGES.option }),
    country: z.string().optional(),
    language: z.string().optional(),
    email: z.string().trim().optional().nullable(),
    phoneNumber: z.string().optional().nullable(),
    userMessage: z.string().optional().nullable(),
    brands: z.array(z.string().max(100)).max(200).optional().nullable(),
    brandName: z.string().optional().nullable(),
    article: z.string().optional().nullable(),
    publicationLink: z.string().optional().nullable(),
    publicationDate: z.string().optional().nullable(),
    userInfo: userInfoShape.optional().nullable(),
    touchpoint: z.string().max(2000).optional().nullable(),
  })
  .transform((payload, ctx): PrivacyRequestInput => {
    const report: PayloadTools["report"] = (issues) => {
      for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    };
    const pick: PayloadTools["pick"] = (schema, value, path) => {
      const result = schema.safeParse(value ?? undefined);
      if (result.success) return result.data;
      report(result.error.issues.map((issue) => ({ path: [path, ...issue.path.map(String)], message: issue.message })));
      return undefined;
    };
    const flow = payload.flowType;
    const needsEmail = rightOf(flow).asks.email === "required";
    const email = needsEmail || isGiven(payload.email) ? pick(requiredEmail(), payload.email, "email") : undefined;
    const normalised = email ? normaliseEmail(email) : undefined;
    const touchpoint = pick(optionalText(2000), payload.touchpoint, "touchpoint");
    return {
      ...PAYLOAD_RULES[flow](payload, { pick, report, email: normalised }),
      flowType: flow,
      email: normalised,
      touchpoint,
    };
  });
