/**
 * Random but repeatable work on requests, tasks and ad reports, as people
 * and staff do it through the services, over simulated days: for the tests
 * that prove the daily figures never drift from the rows. A step the state
 * does not allow is tried too, and refused: a refused step must move nothing.
 */
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import type { Country } from "~/domain/country";
import { TASK_ANSWERS, type TaskAnswer } from "~/domain/data-system";
import { rightOfferedIn, RIGHTS, type RightType } from "~/domain/rights";
import { importCampaigns } from "~/services/campaign/register.server";
import { closeComplaint, startReview } from "~/services/complaint/back-office.server";
import { submitComplaint } from "~/services/complaint/intake.server";
import {
  completeRequest,
  extendDeadline,
  rejectRequest,
  startHandling,
} from "~/services/privacy-request/back-office.server";
import { refuseObjection, upholdObjection } from "~/services/privacy-request/objection-decision.server";
import { answerQuestion, askPerson, closeForNoAnswer } from "~/services/privacy-request/questions.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";
import { announceLift, liftRestriction } from "~/services/privacy-request/restriction.server";
import { saveSystems } from "~/services/systems/register.server";
import { closeTaskByHand, tickTask } from "~/services/systems/request-tasks.server";
import type { ComplaintReason } from "~/validation/complaint";
import { dataSystemSchema } from "~/validation/data-system";
import { privacyRequestPayloadSchema } from "~/validation/privacy-request-payload";

import { seededRandom } from "../../scripts/lib/seeded-random";
import { confirmByMail, RIGHT_SAMPLES } from "./right-samples";

/** Many requests from a few addresses and one client: no limit may refuse them. */
export const UNLIMITED = {
  EMAIL_DOMAIN_CHECK: "false",
  RATE_LIMIT_PER_HOUR: "100000",
  PRIVACY_RATE_LIMIT_PER_HOUR: "100000",
  TARGET_LIMIT_PER_HOUR: "1000",
  TARGET_LIMIT_PER_DAY: "10000",
};
export const OFFICER = { email: "officer@veldhavenmedia.nl" };
const HOUR = 3_600_000;
const SITES = {
  nl: { country: "nl", locale: "nl_nl", language: "nl" },
  be: { country: "be", locale: "nl_be", language: "nl" },
} as const;
const CAMPAIGNS = { nl: "NL-2026-0001", be: "BE-2026-0001" } as const;
const REASONS = ["MISLEADING", "INCORRECT", "DISCRIMINATORY"] as const;

/** Two systems by hand (their tasks ticked by staff) for every right in both countries, and a campaign per country. */
export async function registerSystemsAndCampaigns(db: Kysely<Database>, now: Date) {
  const rights = RIGHTS.map((right) => right.code);
  await saveSystems(
    db,
    ["crm", "archief"].map((id) =>
      dataSystemSchema.parse({ id, name: id.toUpperCase(), rights, countries: ["nl", "be"], channel: "manual" }),
    ),
    now,
  );
  const campaign = (country: Country) => ({
    id: CAMPAIGNS[country],
    country: country.toUpperCase(),
    status: "RUNNING",
    channel: country === "nl" ? "DIGITAL" : "TV",
    sponsorName: "Lijst Proef",
    publicationStartDate: "2025-12-01",
    fundingOriginType: "PRIVATE",
    fundingRegion: "EU",
    campaignContextType: country === "nl" ? "GEMEENTERAAD" : "FEDERALE",
  });
  const imported = await importCampaigns(db, [campaign("nl"), campaign("be")], [1, 2], now);
  if (!imported.ok) throw new Error(`campaigns not imported: ${JSON.stringify(imported.problems)}`);
}

/** A request of the right from the person at `email` in `country`, as the JSON call takes it. */
export async function submitRequest(
  db: Kysely<Database>,
  right: RightType,
  country: Country,
  email: string,
  now: Date,
) {
  const input = privacyRequestPayloadSchema.parse({ flowType: right, email, ...RIGHT_SAMPLES[right] });
  const outcome = await submitPrivacyRequest(input, SITES[country], {
    requestOrigin: `http://${country}.localhost`,
    clientIp: "192.0.2.40",
    db,
    now,
  });
  if (outcome.status !== "accepted") throw new Error(`${right} not accepted: ${outcome.status}`);
  return outcome.reference;
}

export async function submitAdReport(db: Kysely<Database>, country: Country, reason: ComplaintReason, now: Date) {
  const outcome = await submitComplaint(
    {
      reason,
      name: "Lees Ter",
      email: "lezer@veldhaven-test.nl",
      explanation: "Geen betaler.",
      campaignId: CAMPAIGNS[country],
    },
    SITES[country],
    { sender: { clientIp: "192.0.2.41" }, now, db },
  );
  if (outcome.status !== "received") throw new Error(`ad report not received: ${outcome.status}`);
  return outcome.reference;
}

/** The token of the last question mailed about the request. */
async function questionToken(db: Kysely<Database>, reference: string) {
  const mails = await db
    .selectFrom("outbox")
    .select(["text_body", "created_at"])
    .where("text_body", "like", `%${reference}%`)
    .where("text_body", "like", "%/privacy-rights/reply?token=%")
    .orderBy("created_at", "desc")
    .execute();
  return mails.length === 0 ? null : /\/privacy-rights\/reply\?token=([\w-]+)/.exec(mails[0].text_body)![1];
}

type Traffic = { steps: number; seed: number; start: Date };

/**
 * `steps` random steps from `start`, each some hours after the last, on
 * requests and ad reports picked at random (whatever state they are in).
 * Returns the moment after the last step and how many steps were done.
 */
export async function driveTraffic(db: Kysely<Database>, { steps, seed, start }: Traffic) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const requests: string[] = [];
  const reports: string[] = [];
  const done: Record<string, number> = {};
  let now = start;
  const someRequest = () => pick(requests);

  const taskOf = async (reference: string) => {
    const tasks = await db
      .selectFrom("system_task as t")
      .innerJoin("privacy_request as r", "r.id", "t.request_id")
      .select("t.id")
      .where("r.reference", "=", reference)
      .orderBy("t.id")
      .execute();
    return tasks.length === 0 ? null : pick(tasks).id;
  };

  const actions: Array<[weight: number, name: string, run: () => Promise<unknown>]> = [
    [
      6,
      "submit",
      async () => {
        const country = pick(["nl", "be"] as const);
        const right = pick(RIGHTS.filter((candidate) => rightOfferedIn(candidate.code, country))).code;
        const reference = await submitRequest(
          db,
          right,
          country,
          `persoon${Math.floor(random() * 30)}@veldhaven-test.nl`,
          now,
        );
        requests.push(reference);
        // Most people confirm at once; the others late, or never.
        if (random() < 0.8) await confirmByMail(db, reference, now);
      },
    ],
    [
      1,
      "record objection by phone",
      async () => {
        const country = pick(["nl", "be"] as const);
        const input = privacyRequestPayloadSchema.parse({ flowType: "OBJECTION", ...RIGHT_SAMPLES.OBJECTION });
        const outcome = await submitPrivacyRequest(input, SITES[country], {
          requestOrigin: `http://${country}.localhost`,
          staff: OFFICER,
          db,
          now,
        });
        if (outcome.status === "accepted") requests.push(outcome.reference);
        return outcome.status === "accepted";
      },
    ],
    [5, "confirm", () => confirmByMail(db, someRequest(), now).catch(() => ({ status: "no mail" }))],
    [4, "start", () => startHandling(db, someRequest(), OFFICER, "", now)],
    [1, "extend", () => extendDeadline(db, someRequest(), OFFICER, { months: 2, reason: "Veel systemen." }, now)],
    [
      3,
      "complete",
      () => completeRequest(db, someRequest(), OFFICER, "Gedaan.", now, pick([undefined, "Geen antwoord."])),
    ],
    [1, "reject", () => rejectRequest(db, someRequest(), OFFICER, "Niet te identificeren.", now)],
    [1, "ask", () => askPerson(db, someRequest(), OFFICER, "Welk klantnummer?", now)],
    [
      1,
      "answer question",
      async () => {
        const token = await questionToken(db, someRequest());
        return token ? answerQuestion(db, token, "Nummer 123.", 0, now) : null;
      },
    ],
    [1, "close for no answer", () => closeForNoAnswer(db, someRequest(), OFFICER, "Geen antwoord.", now)],
    [1, "uphold objection", () => upholdObjection(db, someRequest(), OFFICER, "", now)],
    [1, "refuse objection", () => refuseObjection(db, someRequest(), OFFICER, "Gerechtvaardigd belang.", now)],
    [
      1,
      "announce and lift restriction",
      async () => {
        const reference = someRequest();
        await announceLift(db, reference, OFFICER, "Juist bevonden.", now);
        await db.updateTable("outbox").set({ status: "sent" }).where("kind", "=", "privacy-restriction-lift").execute();
        return liftRestriction(db, reference, OFFICER, now);
      },
    ],
    [
      4,
      "tick task",
      async () => {
        const reference = someRequest();
        const task = await taskOf(reference);
        const answer = pick(Object.keys(TASK_ANSWERS) as TaskAnswer[]);
        return task ? tickTask(db, reference, task, OFFICER, { answer }, now) : null;
      },
    ],
    [
      1,
      "close task by hand",
      async () => {
        const reference = someRequest();
        const task = await taskOf(reference);
        return task ? closeTaskByHand(db, reference, task, OFFICER, "Systeem uit gebruik.", now) : null;
      },
    ],
    [
      3,
      "ad report",
      async () => reports.push(await submitAdReport(db, pick(["nl", "be"] as const), pick(REASONS), now)),
    ],
    [2, "review ad report", () => startReview(db, pick(reports), OFFICER, now)],
    [1, "close ad report", () => closeComplaint(db, pick(reports), OFFICER, "Label aangepast.", now)],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  for (let step = 0; step < steps; step += 1) {
    now = new Date(now.getTime() + Math.floor(random() * 14 * HOUR));
    let roll = random() * total;
    let chosen = actions[0];
    for (const action of actions) {
      roll -= action[0];
      if (roll < 0) {
        chosen = action;
        break;
      }
    }
    // Before anything exists, only what makes something can be done.
    const [, name, run] =
      requests.length === 0 || reports.length === 0
        ? actions.find((action) => action[1] === (requests.length === 0 ? "submit" : "ad report"))!
        : chosen;
    const outcome = await run();
    const status = (outcome as { status?: string } | null)?.status ?? "done";
    done[`${name}: ${status}`] = (done[`${name}: ${status}`] ?? 0) + 1;
  }
  return { now, done };
}
