import { describe, expect, it } from "vitest";

import { MAIL_QUEUE } from "~/services/mail/outbox.server";

import { queueTestRow as row } from "../../../tests/setup/queue-rows";
import { describeEachDatabase, secondConnection } from "../../../tests/setup/unit-database";
import { doublingSchedule, retryDelay } from "./retry-schedule";
import { claimDue, enqueue, ERROR_TEXT_MAX, markFailed, release } from "./store.server";

/** The queue under test: the mail table, with a short schedule of its own. */
const QUEUE = { ...MAIL_QUEUE, retryDelaysMs: [1_000, 60_000] };

const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describeEachDatabase("the durable queue's claims on $name", (database) => {
  it("never gives one row to two instances claiming at the same moment", async () => {
    const now = new Date();
    for (let n = 0; n < 40; n++) await enqueue(QUEUE, database.db, row(`bericht ${n}`), at(now, -1000 + n));
    const other = secondConnection(database.handle);
    try {
      const claims = await Promise.all([
        claimDue(QUEUE, database.db, database.kind, 15, now),
        claimDue(QUEUE, other.db, other.kind, 15, now),
        claimDue(QUEUE, database.db, database.kind, 15, now),
        claimDue(QUEUE, other.db, other.kind, 15, now),
      ]);
      const ids = claims.flat().map((claimed) => claimed.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(40);
    } finally {
      await other.db.destroy();
    }
  });

  it("takes a row again once the lease of the worker that claimed it ran out, and not before", async () => {
    const claimedAt = new Date();
    const id = await enqueue(QUEUE, database.db, row("verweesd"), claimedAt);
    expect((await claimDue(QUEUE, database.db, database.kind, 10, claimedAt)).map((claimed) => claimed.id)).toEqual([
      id,
    ]);
    // The worker is killed: nobody renews the lease.
    expect(await claimDue(QUEUE, database.db, database.kind, 10, at(claimedAt, QUEUE.leaseMs - 1))).toEqual([]);
    const again = await claimDue(QUEUE, database.db, database.kind, 10, at(claimedAt, QUEUE.leaseMs + 1));
    expect(again.map((claimed) => [claimed.id, claimed.attempts])).toEqual([[id, 0]]);
  });

  it("gives a released row to the next claim at once, its attempts untouched", async () => {
    const now = new Date();
    const id = await enqueue(QUEUE, database.db, row("teruggegeven"), now);
    await claimDue(QUEUE, database.db, database.kind, 10, now);
    await release(QUEUE, database.db, [id]);
    expect(
      (await claimDue(QUEUE, database.db, database.kind, 10, now)).map((claimed) => [claimed.id, claimed.attempts]),
    ).toEqual([[id, 0]]);
  });

  it("retries a failed row on the schedule and gives up when the schedule is used up", async () => {
    const start = new Date();
    const id = await enqueue(QUEUE, database.db, row("mislukt"), start);
    const stored = () =>
      database.db
        .selectFrom("outbox")
        .select(["status", "attempts", "next_attempt_at", "last_error"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();

    const [first] = await claimDue(QUEUE, database.db, database.kind, 1, start);
    expect(await markFailed(QUEUE, database.db, first!, new Error("x".repeat(5_000)), start)).toBe("retry");
    expect(await stored()).toMatchObject({
      status: "pending",
      attempts: 1,
      next_attempt_at: at(start, 1_000).toISOString(),
    });
    expect((await stored()).last_error).toHaveLength(ERROR_TEXT_MAX);
    expect(await claimDue(QUEUE, database.db, database.kind, 1, at(start, 999))).toEqual([]);

    const [second] = await claimDue(QUEUE, database.db, database.kind, 1, at(start, 1_000));
    expect(await markFailed(QUEUE, database.db, second!, "http:500", at(start, 1_000))).toBe("retry");
    expect(await stored()).toMatchObject({
      status: "pending",
      attempts: 2,
      next_attempt_at: at(start, 61_000).toISOString(),
    });

    const [third] = await claimDue(QUEUE, database.db, database.kind, 1, at(start, 61_000));
    expect(await markFailed(QUEUE, database.db, third!, "http:500", at(start, 61_000))).toBe("gave-up");
    expect(await stored()).toMatchObject({ status: "failed", attempts: 3, last_error: "http:500" });
    expect(await claimDue(QUEUE, database.db, database.kind, 1, at(start, 86_400_000))).toEqual([]);
  });
});

describe("a retry schedule", () => {
  it("is a list of delays, the first after the first failed attempt; past its end the queue gives up", () => {
    expect([1, 2, 3].map((attempts) => retryDelay([5_000, 300_000], attempts))).toEqual([5_000, 300_000, undefined]);
  });

  it("can double from a first delay up to a cap, for a number of attempts in all", () => {
    expect(doublingSchedule(10, 50, 6)).toEqual([10, 20, 40, 50, 50]);
  });
});
