import pino from "pino";
import { afterEach, expect, it, vi } from "vitest";

import { MAIL_QUEUE, type OutboxRow } from "~/services/mail/outbox.server";

import { queueTestRow as row } from "../../../tests/setup/queue-rows";
import { describeEachDatabase } from "../../../tests/setup/unit-database";
import type { SendOutcome } from "./outcome.server";
import type { OutageProbe, ProbeContext } from "./probe";
import { enqueue } from "./store.server";
import { onWake } from "./wake.server";
import { startQueueWorker, type QueueWorker } from "./worker.server";

const logger = pino({ level: "silent" });

/** Polls only every ten minutes: whatever it sends sooner, it was woken for. */
const RARELY = 600_000;

let running: QueueWorker[] = [];
afterEach(async () => {
  await Promise.all(running.map((worker) => worker.stop()));
  running = [];
});

describeEachDatabase("the durable queue's worker on $name", (database) => {
  const statusOf = async (id: string) =>
    (await database.db.selectFrom("outbox").select(["status", "attempts"]).where("id", "=", id).executeTakeFirst()) ??
    null;

  function start(send: (row: OutboxRow) => Promise<SendOutcome>, probe?: OutageProbe<OutboxRow>) {
    const worker = startQueueWorker(MAIL_QUEUE, {
      database: database.handle,
      send,
      logger,
      intervalMs: RARELY,
      concurrency: 2,
      probe,
    });
    running.push(worker);
    return worker;
  }

  it("wakes once the enqueuing transaction commits: nothing is sent before, and the row goes at once after", async () => {
    const sent: string[] = [];
    start(async (claimed) => (sent.push(claimed.subject), { result: "done" }));
    const woken = vi.fn();
    const unregister = onWake("mail", woken);
    try {
      const id = await database.db.transaction().execute(async (trx) => {
        const queued = await enqueue(MAIL_QUEUE, trx, row("na de commit"));
        expect(woken).not.toHaveBeenCalled();
        return queued;
      });
      expect(woken).toHaveBeenCalledTimes(1);
      await expect.poll(() => sent).toEqual(["na de commit"]);
      expect(await statusOf(id)).toEqual({ status: "sent", attempts: 0 });
    } finally {
      unregister();
    }
  });

  it("never wakes for, nor sends, a row whose transaction rolled back", async () => {
    const send = vi.fn(async (_row: OutboxRow): Promise<SendOutcome> => ({ result: "done" }));
    start(send);
    const woken = vi.fn();
    const unregister = onWake("mail", woken);
    let id = "";
    try {
      await expect(
        database.db.transaction().execute(async (trx) => {
          id = await enqueue(MAIL_QUEUE, trx, row("teruggedraaid"));
          throw new Error("the record could not be stored");
        }),
      ).rejects.toThrow("could not be stored");
      // Queued outside a transaction afterwards: woken at once, and only that row is sent.
      await enqueue(MAIL_QUEUE, database.db, row("zonder transactie"));
      expect(woken).toHaveBeenCalledTimes(1);
      await expect.poll(() => send.mock.calls.length).toBe(1);
      expect(send.mock.calls[0]![0]!.subject).toBe("zonder transactie");
      expect(await statusOf(id)).toBeNull();
    } finally {
      unregister();
    }
  });

  it("sends each row of a burst once, however many wakes it takes", async () => {
    const sent: string[] = [];
    start(async (claimed) => (sent.push(claimed.id), { result: "done" }));
    const ids = await Promise.all(
      Array.from({ length: 100 }, (_, n) => enqueue(MAIL_QUEUE, database.db, row(`golf ${n}`))),
    );
    await expect.poll(() => sent.length).toBe(100);
    // Time for a second send of any row to show, if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...sent].sort()).toEqual([...ids].sort());
  });

  it("holds every send while the probe says the receiver is away, counts no attempt, and sends what waited once it is back", async () => {
    let receiverUp = false;
    let context: ProbeContext<OutboxRow> | undefined;
    let away = false;
    const probe: OutageProbe<OutboxRow> = {
      observe: async (_row, outcome) => {
        if (outcome.receiver === "away") away = true;
      },
      holding: () => away,
      start: (started) => ((context = started), { stop: async () => {} }),
    };
    const sent: string[] = [];
    const tries = vi.fn();
    start(async (claimed) => {
      tries(claimed.subject);
      if (!receiverUp) return { result: "give back", receiver: "away" };
      sent.push(claimed.subject);
      return { result: "done" };
    }, probe);
    const ids = [
      await enqueue(MAIL_QUEUE, database.db, row("een")),
      await enqueue(MAIL_QUEUE, database.db, row("twee")),
      await enqueue(MAIL_QUEUE, database.db, row("drie")),
    ];
    await expect.poll(() => away).toBe(true);
    // Only what was already in flight when the outage began was tried.
    expect(tries.mock.calls.length).toBeLessThanOrEqual(2);
    // While it holds, neither the rows given back (due at once) nor one queued now, which wakes the worker, is tried.
    const triedBefore = tries.mock.calls.length;
    ids.push(await enqueue(MAIL_QUEUE, database.db, row("vier")));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(tries.mock.calls.length).toBe(triedBefore);
    for (const id of ids) expect(await statusOf(id)).toEqual({ status: "pending", attempts: 0 });

    receiverUp = true;
    away = false;
    context!.recovered();
    await expect.poll(() => [...sent].sort()).toEqual(["drie", "een", "twee", "vier"]);
    for (const id of ids) expect(await statusOf(id)).toEqual({ status: "sent", attempts: 0 });
  });

  it("a probe's try that fails gives the row back without counting an attempt", async () => {
    let context: ProbeContext<OutboxRow> | undefined;
    const probe: OutageProbe<OutboxRow> = {
      observe: async () => {},
      holding: () => true,
      start: (started) => ((context = started), { stop: async () => {} }),
    };
    start(async () => ({ result: "retry", error: "http:503", receiver: "away" }), probe);
    const id = await enqueue(MAIL_QUEUE, database.db, row("proef"));
    const stored = await database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(await context!.tryAsProbe(stored)).toBe("given-back");
    expect(
      await database.db
        .selectFrom("outbox")
        .select(["status", "attempts", "last_error", "locked_until"])
        .where("id", "=", id)
        .executeTakeFirst(),
    ).toEqual({ status: "pending", attempts: 0, last_error: "http:503", locked_until: null });
  });

  it("at a stop, gives back a send still in flight after the grace, uncounted and due at once", async () => {
    let finish: (() => void) | undefined;
    const worker = startQueueWorker(MAIL_QUEUE, {
      database: database.handle,
      logger,
      intervalMs: RARELY,
      concurrency: 1,
      stopGraceMs: 50,
      send: () =>
        new Promise<SendOutcome>((resolve) => (finish = () => resolve({ result: "retry", error: "cut off" }))),
    });
    const id = await enqueue(MAIL_QUEUE, database.db, row("hangt"));
    await expect.poll(() => finish !== undefined).toBe(true);
    await worker.stop();
    finish!();
    expect(
      await database.db
        .selectFrom("outbox")
        .select(["status", "attempts", "locked_until"])
        .where("id", "=", id)
        .executeTakeFirst(),
    ).toEqual({ status: "pending", attempts: 0, locked_until: null });
  });
});
