/**
 * What a visitor or a client is told when a submission is not stored
 * (app/services/submission/intake.server.ts): 429 with `Retry-After`, the
 * time (Brussels and Amsterdam share it) from when to try again, and the
 * team's address as another way; 422 when an Idempotency-Key
 * comes back with another body; 503 with `Retry-After`, that time and a way
 * to reach us that needs none of our storage when the database cannot take
 * it.
 */
import type { Submission as ConformSubmission } from "@conform-to/react";

import { COMPANY } from "~/content/company";
import type { Locale } from "~/i18n/locale";
import { countryOfLocale, htmlLang } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import type { Refused } from "~/services/submission/intake.server";
import { dateTimeFormat } from "~/utils/intl-formats";
import { jsonError } from "~/utils/json-error";
import type { FormDefinition } from "~/validation/form-definition";

import { unavailable } from "./json-call.server";
import { formReply } from "./public-form.server";

/**
 * How long a visitor is asked to wait when the database refuses a
 * submission (a full disk, a read-only database): that takes an operator,
 * so a retry within seconds would only fail again.
 */
const STORAGE_RETRY_AFTER_SECONDS = 300;

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
    return formReply(definition, submission, {
      banner: options.failureBanner,
      status: 422,
      hideFields: options.hideFields,
    });
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
      message:
        "This Idempotency-Key was used in the last 24 hours with another request body. Use a new key for a new request.",
    });
  }
  const text = rateLimitText(refused, locale, now);
  return jsonError(429, "RATE_LIMITED", {
    message: messageText(locale, text.key, text.values),
    headers: retryAfter(refused),
  });
}

/**
 * The values of a storage failure's text: when to try again, and the privacy
 * team's address and the group's phone number (app/content/company.ts),
 * which reach us while the database cannot.
 */
function storageFailureValues(locale: Locale, now: Date) {
  const company = COMPANY[countryOfLocale(locale)];
  return {
    time: retryTimeText(locale, STORAGE_RETRY_AFTER_SECONDS, now),
    email: company.privacyEmail,
    phone: company.phone,
  };
}

const storageRetryAfter = { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) };

/** The form shown again when its submission could not be stored: 503, the banner `textKey` with when to try again and how else to reach us. */
export function formStorageFailure(
  definition: Pick<FormDefinition, "id">,
  submission: ConformSubmission<unknown, string[], unknown>,
  options: { locale: Locale; textKey: string; now?: Date },
) {
  return formReply(definition, submission, {
    banner: options.textKey,
    bannerValues: storageFailureValues(options.locale, options.now ?? new Date()),
    status: 503,
    headers: storageRetryAfter,
  });
}

/** A JSON call's submission that could not be stored: 503 UNAVAILABLE with `Retry-After` and the text `textKey` in the caller's language. */
export function jsonStorageFailure(locale: Locale, textKey: string, now = new Date()): Response {
  return unavailable(messageText(locale, textKey, storageFailureValues(locale, now)), storageRetryAfter);
}
