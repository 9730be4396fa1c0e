import { normaliseEmail } from "~/domain/email";
import { RIGHT_TYPES } from "~/domain/privacy-request";
import { z } from "~/validation/zod";

import {
  addIssues,
  detailsIssues,
  optionalLink,
  postalIssues,
  PRIVACY_LIMITS,
  requiredDate,
  userInfoShape,
  type PrivacyRequestInput,
} from "./privacy-request";
import {
  isGiven,
  isPhoneGiven,
  isValidPhone,
  MESSAGES,
  normalisePhone,
  optionalText,
  requiredEmail,
  requiredText,
} from "./rules";

/**
 * `POST /api/privacy-rights/request` (spec 7). `brands` are brand keys of the
 * request's country (checked by the caller, who knows the country). Rules by
 * flow as on the pages.
 */
export const privacyRequestPayloadSchema = z
  .object({
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
    const pick = <S extends z.ZodType>(schema: S, value: unknown, path: string): z.output<S> | undefined => {
      const result = schema.safeParse(value ?? undefined);
      if (result.success) return result.data;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: "custom", path: [path, ...issue.path], message: issue.message });
      return undefined;
    };
    const flow = payload.flowType;
    const needsEmail = flow !== "OBJECTION";
    const email = needsEmail || isGiven(payload.email) ? pick(requiredEmail(), payload.email, "email") : undefined;
    const common = {
      flowType: flow,
      email: email ? normaliseEmail(email) : undefined,
      touchpoint: pick(optionalText(2000), payload.touchpoint, "touchpoint"),
    };
    switch (flow) {
      case "RIGHT_OF_ACCESS":
      case "RIGHT_TO_BE_FORGOTTEN": {
        const userInfo = payload.userInfo ?? undefined;
        if (userInfo && (isGiven(userInfo.firstName) || isGiven(userInfo.lastName) || userInfo.address)) {
          addIssues(ctx, detailsIssues(userInfo));
        }
        return {
          ...common,
          userMessage: pick(
            optionalText(PRIVACY_LIMITS.userMessage, { multiline: true }),
            payload.userMessage,
            "userMessage",
          ),
          userInfo,
        };
      }
      case "RECTIFICATION":
        return {
          ...common,
          userMessage: pick(
            requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }),
            payload.userMessage,
            "userMessage",
          ),
          brandName: pick(optionalText(PRIVACY_LIMITS.brandName), payload.brandName, "brandName"),
        };
      case "REMOVAL_FROM_PUBLICATION":
        return {
          ...common,
          userMessage: pick(
            requiredText(PRIVACY_LIMITS.userMessage, { multiline: true }),
            payload.userMessage,
            "userMessage",
          ),
          brandName: pick(optionalText(PRIVACY_LIMITS.brandName), payload.brandName, "brandName"),
          article: pick(requiredText(PRIVACY_LIMITS.article), payload.article, "article"),
          publicationDate: pick(requiredDate, payload.publicationDate, "publicationDate"),
          publicationLink: pick(optionalLink, payload.publicationLink, "publicationLink"),
        };
      case "OBJECTION": {
        const brands = payload.brands ?? [];
        if (brands.length === 0) addIssues(ctx, [{ path: ["brands"], message: MESSAGES.option }]);
        const phoneGiven = isPhoneGiven(payload.phoneNumber);
        if (phoneGiven && !isValidPhone(payload.phoneNumber!))
          addIssues(ctx, [{ path: ["phoneNumber"], message: MESSAGES.phone }]);
        const postal = payload.userInfo?.address ? payload.userInfo : undefined;
        if (postal) addIssues(ctx, postalIssues(postal));
        if (!phoneGiven && !email && !postal) {
          addIssues(ctx, [{ path: ["communicationTypes"], message: MESSAGES.option }]);
        }
        return {
          ...common,
          brands: [...new Set(brands)],
          phoneNumber: phoneGiven ? normalisePhone(payload.phoneNumber!) : undefined,
          userInfo: postal,
        };
      }
    }
  });
