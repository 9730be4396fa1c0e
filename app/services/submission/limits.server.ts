/**
 * How many submissions are taken, and from whom. Counted only for
 * a submission about to be stored: it passed validation and the mail-domain
 * check, so a typo costs nothing. Two limits:
 *
 * - per client address (an IPv6 client by its /64), form and country: high,
 *   because an office, a school or a mobile carrier puts many people behind
 *   one address, and nobody may be kept from exercising a right;
 * - per target (the e-mail address a mail goes to, or the phone number of an
 *   objection): tight, so nobody can flood someone else's mailbox, whatever
 *   addresses they send from.
 *
 * The counts live in the database (rate-limiter-flexible's table), so every
 * instance on one PostgreSQL shares them; each consume is one atomic update.
 */
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

import { getConfig } from "~/config.server";
import type { DatabaseHandle } from "~/db/db.server";
import { getDatabaseHandle } from "~/db/instance.server";
import { clientAddressKey } from "~/utils/client-address";
import { metrics } from "~/utils/metrics.server";
import { singleton } from "~/utils/singleton.server";

import { createRateLimiter } from "./counted-limit.server";
import { targetKey } from "./target-key.server";

export type Admission = { ok: true } | { ok: false; scope: "client" | "target"; retryAfterSeconds: number };

/** A submission about to be stored: its form (and country), who sends it, and where its mail goes. */
export type LimitedSubmission = {
  /** Privacy requests get the higher limit per address. */
  kind: "privacy-request" | "public-form";
  /** The form or call, with the country when it is one site's: each counts on its own. */
  bucket: string;
  clientIp: string;
  /** The address mailed (or the phone number an objection names), if any. */
  target?: string;
};

export type SubmissionLimiters = {
  privacyRequests: RateLimiterAbstract;
  publicForms: RateLimiterAbstract;
  targetPerHour: RateLimiterAbstract;
  targetPerDay: RateLimiterAbstract;
};

export async function createSubmissionLimiters(handle: DatabaseHandle): Promise<SubmissionLimiters> {
  const config = getConfig();
  // One after the other: the first creates the library's table, the rest find it.
  const privacyRequests = await createRateLimiter(handle, config.PRIVACY_RATE_LIMIT_PER_HOUR, {
    keyPrefix: "privacy_request",
  });
  const publicForms = await createRateLimiter(handle, config.RATE_LIMIT_PER_HOUR, { keyPrefix: "public_form" });
  const targetPerHour = await createRateLimiter(handle, config.TARGET_LIMIT_PER_HOUR, { keyPrefix: "target_hour" });
  const targetPerDay = await createRateLimiter(handle, config.TARGET_LIMIT_PER_DAY, {
    keyPrefix: "target_day",
    durationSeconds: 24 * 3600,
  });
  return { privacyRequests, publicForms, targetPerHour, targetPerDay };
}

const submissionLimiters = singleton<Promise<SubmissionLimiters>>("submission-limiters");

function processLimiters(): Promise<SubmissionLimiters> {
  return submissionLimiters.get(() => getDatabaseHandle().then(createSubmissionLimiters));
}

/** Takes a point; the seconds until one is free again when none is left. */
async function take(limiter: RateLimiterAbstract, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (result) {
    if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
    throw result;
  }
}

/**
 * Counts a submission against its limits, or says which limit refuses it
 * and for how long. A refusal takes back what this submission counted
 * elsewhere: a flooded target costs the client nothing, and the other way round.
 */
export async function admitSubmission(
  submission: LimitedSubmission,
  limiters?: SubmissionLimiters,
): Promise<Admission> {
  const admission = await countSubmission(submission, limiters);
  if (!admission.ok) metrics().rateLimitRefusals.inc({ limit: `${submission.kind}:${admission.scope}` });
  return admission;
}

async function countSubmission(submission: LimitedSubmission, limiters?: SubmissionLimiters): Promise<Admission> {
  const { privacyRequests, publicForms, targetPerHour, targetPerDay } = limiters ?? (await processLimiters());
  const clientLimiter = submission.kind === "privacy-request" ? privacyRequests : publicForms;
  const clientKey = `${submission.bucket}:${clientAddressKey(submission.clientIp)}`;
  const clientWait = await take(clientLimiter, clientKey);
  if (clientWait !== null) return { ok: false, scope: "client", retryAfterSeconds: clientWait };
  if (!submission.target) return { ok: true };

  const target = targetKey(submission.target);
  const hourWait = await take(targetPerHour, target);
  if (hourWait !== null) {
    await clientLimiter.reward(clientKey, 1);
    return { ok: false, scope: "target", retryAfterSeconds: hourWait };
  }
  const dayWait = await take(targetPerDay, target);
  if (dayWait !== null) {
    await Promise.all([clientLimiter.reward(clientKey, 1), targetPerHour.reward(target, 1)]);
    return { ok: false, scope: "target", retryAfterSeconds: dayWait };
  }
  return { ok: true };
}
