import { describe, expect, it } from "vitest";

import {
  addMonths,
  allows,
  canCloseForNoAnswer,
  dueDateAfterWaiting,
  extendedDueDate,
  isOverdue,
  REQUEST_STATES,
  type RequestAction,
} from "~/domain/privacy-request";

const offered = (action: RequestAction) => REQUEST_STATES.filter((state) => allows(state, action));

describe("a privacy request's lifecycle", () => {
  it("offers each back-office step only in the states it starts from", () => {
    expect(offered("start")).toEqual(["OPEN"]);
    expect(offered("complete")).toEqual(["OPEN", "IN_PROGRESS"]);
    expect(offered("ask")).toEqual(["OPEN", "IN_PROGRESS"]);
    expect(offered("answered")).toEqual(["WAITING_FOR_PERSON"]);
    expect(offered("closeNoAnswer")).toEqual(["WAITING_FOR_PERSON"]);
    expect(offered("renewLink")).toEqual(["AWAITING_VERIFICATION", "EXPIRED"]);
    for (const done of ["COMPLETED", "REJECTED", "CLOSED"] as const) {
      expect(
        (["start", "extend", "complete", "reject", "ask", "sendAnswer", "closeDuplicate"] as const).some((action) =>
          allows(done, action),
        ),
      ).toBe(false);
    }
  });

  it("adds calendar months the way Art. 12(3) counts them", () => {
    expect(addMonths(new Date("2026-01-31T12:00:05Z"), 1).toISOString()).toBe("2026-02-28T12:00:05.000Z");
    expect(addMonths(new Date("2027-12-31T23:30:00Z"), 2).toISOString()).toBe("2028-02-29T23:30:00.000Z");
    expect(extendedDueDate("2026-03-15T08:30:00.000Z", 2)).toBe("2026-05-15T08:30:00.000Z");
    expect(extendedDueDate("2026-03-15T08:30:00.000Z", 3)).toBeNull();
    expect(extendedDueDate("2026-03-15T08:30:00.000Z", 0)).toBeNull();
  });

  it("lets a request waiting for the person be closed after 30 days, and moves its due date by the wait", () => {
    const pausedAt = "2026-04-01T10:00:00.000Z";
    expect(
      canCloseForNoAnswer({ state: "WAITING_FOR_PERSON", paused_at: pausedAt }, new Date("2026-05-01T09:59:59Z")),
    ).toBe(false);
    expect(
      canCloseForNoAnswer({ state: "WAITING_FOR_PERSON", paused_at: pausedAt }, new Date("2026-05-01T10:00:00Z")),
    ).toBe(true);
    expect(canCloseForNoAnswer({ state: "IN_PROGRESS", paused_at: pausedAt }, new Date("2026-06-01T10:00:00Z"))).toBe(
      false,
    );
    expect(dueDateAfterWaiting("2026-04-20T10:00:00.000Z", pausedAt, new Date("2026-04-11T10:00:00Z"))).toBe(
      "2026-04-30T10:00:00.000Z",
    );
  });

  it("calls a request overdue only while it is worked on", () => {
    const now = new Date("2026-05-01T00:00:00Z");
    expect(isOverdue({ state: "IN_PROGRESS", due_at: "2026-04-30T00:00:00.000Z" }, now)).toBe(true);
    expect(isOverdue({ state: "WAITING_FOR_PERSON", due_at: "2026-04-30T00:00:00.000Z" }, now)).toBe(false);
    expect(isOverdue({ state: "OPEN", due_at: "2026-05-02T00:00:00.000Z" }, now)).toBe(false);
  });
});
