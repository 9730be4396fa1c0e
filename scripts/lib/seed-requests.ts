// The synthetic requests the figures benchmarks load (npm run bench:reports,
// npm run bench:figures): privacy requests over the last two years (every right,
// countries, months and states spread as in real life; objections carried
// out at once, some without e-mail; deadlines met, extended, missed),
// 2,000 ad reports and the systems' tasks. The same rows on every run, with the
// app's reference format and search keys, so the back office finds them as it
// finds real ones (npm run bench:reports times that too).
import type { Db } from "../../app/db/db.server";
import type { PrivacyRequestTable } from "../../app/db/schema/privacy-requests";
import type { RequestState } from "../../app/domain/privacy-request";
import { fansOutAt, rightOf, RIGHTS, rightsOfferedIn, type RightType } from "../../app/domain/rights";
import { searchKeys } from "../../app/services/submission/target-key.server";
import { seededRandom } from "./seeded-random";

const COMPLAINTS = 2_000;
const DAY = 86_400_000;
const SYSTEMS = ["crm", "newsletter", "subscriptions"];
/** Requests made and their tasks inserted a chunk at a time: a million rows never sit in memory at once. */
const CHUNK = 20_000;
/** Who owns the open requests (three in four have an owner); the bench's officer is one of them. */
export const BENCH_OWNERS = [
  "bench-officer@veldhavenmedia.nl",
  "agent-a@veldhavenmedia.nl",
  "agent-b@veldhavenmedia.nl",
];

/** A reference in the app's own format (`PR-XXXX-XXXX`), unique per index. */
const referenceOf = (prefix: "PR" | "PA", index: number) => {
  const code = `B${index.toString(36).toUpperCase().padStart(7, "0")}`;
  return `${prefix}-${code.slice(0, 4)}-${code.slice(4)}`;
};

/** The seeded request at `index`: its reference, address, and phone number (one in four gave one). */
export const benchRequest = (index: number) => ({
  reference: referenceOf("PR", index),
  email: `bench${index}@veldhaven-test.nl`,
  phone: index % 4 === 0 ? `+31 6 ${String(10_000_000 + index).slice(-8)}` : null,
});
export const benchComplaintReference = (index: number) => referenceOf("PA", index);

function pick<T>(next: () => number, weighted: Array<[T, number]>): T {
  let roll = next() * weighted.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of weighted) if ((roll -= weight) < 0) return value;
  return weighted[0][0];
}

/**
 * How a large media group's requests divide over the rights (most are
 * objections and unsubscribes); every other right the country offers, a
 * new one included, comes in at the rare rights' share.
 */
const SHARE_OF_REQUESTS: Partial<Record<RightType, number>> = {
  OBJECTION: 35,
  RIGHT_OF_ACCESS: 30,
  RIGHT_TO_BE_FORGOTTEN: 25,
  RECTIFICATION: 7,
  REMOVAL_FROM_PUBLICATION: 3,
  RESTRICTION_OF_PROCESSING: 2,
};
const RARE_RIGHT_SHARE = 3;

function syntheticRequest(index: number, next: () => number, now: number): PrivacyRequestTable {
  const country = next() < 0.6 ? "nl" : "be";
  const right = pick<RightType>(
    next,
    rightsOfferedIn(country).map((offered) => [offered.code, SHARE_OF_REQUESTS[offered.code] ?? RARE_RIGHT_SHARE]),
  );
  const created = now - next() * 730 * DAY;
  const iso = (at: number) => new Date(at).toISOString();
  const base = {
    verified_at: null as string | null,
    due_at: null as string | null,
    closed_at: null as string | null,
    extended_at: null as string | null,
  };
  let state: RequestState;
  // Never confirmed: waiting, or expired. The retention run deletes those past its 30 days, so a
  // table in its steady state holds only the last month's (and the server's start deletes none).
  if (next() < 0.04 && created > now - 30 * DAY) {
    state = created > now - 2 * DAY ? "AWAITING_VERIFICATION" : "EXPIRED";
  } else if (rightOf(right).completesOnVerification) {
    // Carried out when confirmed; a third came by phone without e-mail (no confirmation at all).
    state = "COMPLETED";
    const at = created + (next() < 0.33 ? 0 : next() * 2 * DAY);
    Object.assign(base, { verified_at: next() < 0.33 ? null : iso(at), closed_at: iso(at) });
  } else {
    const verified = created + next() * 3 * DAY;
    let due = verified + 30 * DAY;
    base.verified_at = iso(verified);
    if (next() < 0.08) {
      base.extended_at = iso(verified + 20 * DAY);
      due += (next() < 0.5 ? 30 : 60) * DAY;
    }
    base.due_at = iso(due);
    // Mostly within the month, a tail beyond it.
    const closes = verified + Math.min(120, -Math.log(1 - next()) * 14) * DAY;
    const outcome = pick<RequestState>(next, [
      ["COMPLETED", 88],
      ["REJECTED", 6],
      ["CLOSED", 3],
      ["IN_PROGRESS", 3],
    ]);
    if (closes > now || outcome === "IN_PROGRESS") state = next() < 0.5 ? "OPEN" : "IN_PROGRESS";
    else [state, base.closed_at] = [outcome, iso(closes)];
  }
  const id = `bench-${index}`;
  const { reference, email, phone } = benchRequest(index);
  const active = state === "OPEN" || state === "IN_PROGRESS";
  return {
    id,
    reference,
    right_type: right,
    state,
    country,
    locale: country === "nl" ? "nl_nl" : next() < 0.6 ? "nl_be" : "fr_be",
    email,
    phone_number: phone,
    user_message: null,
    brand_keys: null,
    brand_name: null,
    article: null,
    publication_link: null,
    publication_date: null,
    user_info: null,
    right_details: null,
    restricted_at: null,
    lifted_at: null,
    lift_announced_at: null,
    lift_notice_mail_id: null,
    decision: null,
    decided_at: null,
    handed_over_at: null,
    handed_over_how: null,
    touchpoint: null,
    verification_token_hash: null,
    verification_expires_at: null,
    created_at: iso(created),
    updated_at: iso(created),
    duplicate_of: null,
    paused_at: null,
    links_resent: 0,
    link_resent_at: null,
    reminder_token_hash: null,
    reminder_sent_at: null,
    assignee: active && index % 4 !== 0 ? BENCH_OWNERS[index % 3] : null,
    assigned_at: active && index % 4 !== 0 ? base.verified_at : null,
    ...searchKeys({ email, phone }),
    owner_reminded_at: null,
    ...base,
  };
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** The tasks the systems got for some of these requests (half of those whose systems take part when started). */
function tasksOf(requests: PrivacyRequestTable[], next: () => number) {
  return requests
    .filter((request) => request.verified_at && fansOutAt(request.right_type, "start") && next() < 0.5)
    .flatMap((request) =>
      SYSTEMS.map((system, index) => {
        const created = Date.parse(request.verified_at!) + DAY;
        const answered = request.closed_at
          ? Math.min(Date.parse(request.closed_at), created + (index + 1) * next() * 6 * DAY)
          : null;
        return {
          id: `${request.id}-${system}`,
          request_id: request.id,
          system_id: system,
          channel: "manual" as const,
          action: rightOf(request.right_type).action,
          state: answered ? ("DONE" as const) : ("OPEN" as const),
          reason: null,
          answered_by: answered ? "system" : null,
          answered_at: answered ? new Date(answered).toISOString() : null,
          contact_email: null,
          link_token_hash: null,
          link_expires_at: null,
          created_at: new Date(created).toISOString(),
        };
      }),
    );
}

/** Loads `count` requests (with their tasks and 2,000 ad reports) into a migrated, empty database. */
export async function seedRequests(db: Db, count: number) {
  const next = seededRandom(42);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const at = new Date(now).toISOString();
    await trx
      .insertInto("data_system")
      .values(
        SYSTEMS.map((id) => ({
          id,
          name: id,
          // Every right whose systems get a task when an officer starts (the tasks below).
          rights: RIGHTS.filter((right) => fansOutAt(right.code, "start"))
            .map((right) => right.code)
            .join(","),
          countries: "nl,be",
          channel: "manual" as const,
          webhook_url: null,
          secret_sealed: null,
          callback_token_hash: null,
          contact_email: null,
          contact_locale: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    let taskCount = 0;
    for (let first = 0; first < count; first += CHUNK) {
      const requests = Array.from({ length: Math.min(CHUNK, count - first) }, (_, offset) =>
        syntheticRequest(first + offset, next, now),
      );
      await inBatches(requests, 500, (batch) => trx.insertInto("privacy_request").values(batch).execute());
      const tasks = tasksOf(requests, next);
      await inBatches(tasks, 1000, (batch) => trx.insertInto("system_task").values(batch).execute());
      taskCount += tasks.length;
    }
    await trx
      .insertInto("campaign_item")
      .values({
        id: "NL-BENCH-1",
        country: "nl",
        status: "RUNNING",
        channel: "DIGITAL",
        sponsor_name: "Bench",
        sponsor_email: null,
        sponsor_address: null,
        payer_name: null,
        payer_email: null,
        payer_address: null,
        ultimate_beneficiary_owner_name: null,
        ultimate_beneficiary_owner_email: null,
        ultimate_beneficiary_owner_address: null,
        publication_start_date: "2025-01-01",
        publication_end_date: null,
        reach_lower_bound: null,
        reach_upper_bound: null,
        budget_lower_bound: null,
        budget_upper_bound: null,
        funding_origin_type: "PRIVATE",
        funding_region: "EU",
        campaign_context_type: "ELECTION",
        campaign_context_note_nl: null,
        campaign_context_note_fr: null,
        campaign_context_url: null,
        previous_publication_suspended: 0,
        language: "nl",
        version: 1,
        version_at: null,
        search_text: "bench",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const complaints = Array.from({ length: COMPLAINTS }, (_, index) => {
      const created = new Date(now - next() * 730 * DAY).toISOString();
      const email = `complaint${index}@veldhaven-test.nl`;
      return {
        id: `bench-complaint-${index}`,
        reference: benchComplaintReference(index),
        campaign_id: "NL-BENCH-1",
        country: next() < 0.6 ? ("nl" as const) : ("be" as const),
        reason: pick(next, [
          ["MISLEADING", 4],
          ["INCORRECT", 3],
          ["DISCRIMINATORY", 2],
          ["ALCOHOL_DRUGS_SEX", 1],
        ]),
        name: "Bench",
        email,
        explanation: "Bench",
        locale: "nl_nl" as const,
        state: pick(next, [
          ["CLOSED", 7],
          ["IN_REVIEW", 2],
          ["RECEIVED", 1],
        ] as Array<["CLOSED" | "IN_REVIEW" | "RECEIVED", number]>),
        created_at: created,
        updated_at: created,
        assignee: null,
        assigned_at: null,
        email_key: searchKeys({ email, phone: null }).email_key,
      };
    });
    await inBatches(complaints, 500, (batch) => trx.insertInto("political_ad_complaint").values(batch).execute());
    console.log(`  loaded ${count} requests, ${taskCount} tasks, ${complaints.length} ad reports`);
  });
}
