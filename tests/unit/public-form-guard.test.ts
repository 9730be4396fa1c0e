import { expect, it } from "vitest";
import { consumeSubmission, createRateLimiter } from "~/services/public-form-guard.server";
import { describeEachDatabase } from "../setup/unit-database";

describeEachDatabase("rate limit per client IP on $name", (database) => {
  it("allows the hourly number of submissions, then refuses with a retry time", async () => {
    const limiter = await createRateLimiter(database.handle, 3);
    for (let i = 0; i < 3; i++) {
      expect(await consumeSubmission(limiter, "contact", "203.0.113.7")).toEqual({ ok: true });
    }
    const refused = await consumeSubmission(limiter, "contact", "203.0.113.7");
    expect(refused.ok).toBe(false);
    expect(refused).toMatchObject({ reason: "rate-limited" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(3000);
    // Another client and another form have their own counts.
    expect(await consumeSubmission(limiter, "contact", "203.0.113.8")).toEqual({ ok: true });
    expect(await consumeSubmission(limiter, "complaint", "203.0.113.7")).toEqual({ ok: true });
  });

  it("shares the count between limiters on the same database (several instances)", async () => {
    const first = await createRateLimiter(database.handle, 2);
    const second = await createRateLimiter(database.handle, 2);
    expect(await consumeSubmission(first, "shared", "198.51.100.1")).toEqual({ ok: true });
    expect(await consumeSubmission(second, "shared", "198.51.100.1")).toEqual({ ok: true });
    expect((await consumeSubmission(first, "shared", "198.51.100.1")).ok).toBe(false);
  });
});
