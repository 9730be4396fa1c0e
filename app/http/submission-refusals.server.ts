/**
 * What a visitor or a client is told when a submission is not stored
 * (app/services/submission-intake.server.ts): 429 with `Retry-After`, the
 * time (Brussels and Amsterdam share it) from when to try again, and the
 * team's address as another way (issue 24); 422 when an Idempotency-Key
 * comes back with another body.
 */
import type { Submission as ConformSubmission } from "@conform-to/react";
import type { Locale } from "~/i18n/locale";
import { htmlLang } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import type { Refused } from "~/services/submission-intake.server";
import { jsonError } from "~/utils/json-error";
import type { FormDefinition } from "~/validation/form-definition";
import { formReply } from "./public-form.server";
import { dateTimeFormat } from "~/utils/intl-formats";

type RateLimited = Extract<Refused, { status: "RATE_LIMITED" }>;

const TIME_ZONE = "Europe/Brussels";

/** "14:05" today, "dinsdag 24 november om 14:05" on another day; rounded up to the minute. */
export function retryTimeText(locale: Locale, retryAfterSeconds: number, now = new Date()): string {
  const at = new Date(Math.ceil((now.getTime() + retryAfterSeconds * 1000) / 60_000) * 60_000);
  const day = (date: Date) => dateTimeFormat("en-CA", { timeZone: TIME_ZONE, dateStyle: "short" }).format(date);
  const sameDay = day(at) === day(now);
  return dateTimeFormat(htmlLang(locale), {
    timeZone: TIME_ZONE,
    ...(sameDay ? {} : { weekday: "long", day: "numeric", month: "long" }),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);
}

function rateLimitText(refused: RateLimited, locale: Locale, now: Date) {
  return {
    key: refused.scope === "target" ? "validation.rateLimitedTarget" : "validation.rateLimited",
    values: { time: retryTimeText(locale, refused.retryAfterSeconds, now), email: refused.otherWay },
  };
}

const retryAfter = (refused: RateLimited) => ({ "Retry-After": String(refused.retryAfterSeconds) });

/** The form shown again with the refusal in its banner. */
export function formRefusal(
  definition: Pick<FormDefinition, "id">,
  submission: ConformSubmission<unknown, string[], unknown>,
  refused: Refused,
  options: { locale: Locale; failureBanner: string; hideFields?: string[]; now?: Date },
) {
  if (refused.status === "KEY_REUSED") {
    // A form's key holds its fields (formSubmissionKey): only a forged post gets here.
    return formReply(definition, submission, { banner: options.failureBanner, status: 422, hideFields: options.hideFields });
  }
  const text = rateLimitText(refused, options.locale, options.now ?? new Date());
  return formReply(definition, submission, {
    banner: text.key,
    bannerValues: text.values,
    status: 429,
    headers: retryAfter(refused),
    hideFields: options.hideFields,
  });
}

/** A JSON call's refusal: 429 RATE_LIMITED with the text in the caller's language, or 422 for a reused key. */
export function jsonRefusal(refused: Refused, locale: Locale, now = new Date()): Response {
  if (refused.status === "KEY_REUSED") {
    return jsonError(422, "IDEMPOTENCY_KEY_REUSED", {
      message: "This Idempotency-Key was used in the last 24 hours with another request body. Use a new key for a new request.",
    });
  }
  const text = rateLimitText(refused, locale, now);
  return jsonError(429, "RATE_LIMITED", { message: messageText(locale, text.key, text.values), headers: retryAfter(refused) });
}
