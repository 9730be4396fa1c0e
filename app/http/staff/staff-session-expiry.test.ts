/**
 * A staff session that ends while a form is filled in: a post's text fields
 * are kept for the same staff member and page for 30 minutes, never its
 * files; the guard sends a page or post whose session ended to a login page
 * that says so; the warning's deadline is the server's, and "stay signed in"
 * moves it. Which way back is allowed, and what of a post is kept, are in
 * return-after-sign-in.test.ts.
 */
import { RouterContextProvider, type MiddlewareFunction } from "react-router";
import { afterEach, expect, it, vi } from "vitest";

import { siteContext } from "~/context";
import type { StaffRole } from "~/domain/staff";
import { readStaff, requireStaff, staffContext, staffSessionContext } from "~/http/staff/guard.server";
import { keptFormOnPage } from "~/http/staff/session-ended.server";
import { keepSignedIn } from "~/http/staff/staff-session.server";
import { siteFromUrl } from "~/i18n/site.server";
import { deleteExpiredKeptForms, forgetKeptForm, keepForm, keptFormFor } from "~/services/staff/kept-forms.server";
import { extendSession, sessionState, startSession } from "~/services/staff/sessions.server";
import { searchForm } from "~/validation/case-work";
import { keptFormIdOf, loginAfterSessionEnded } from "~/validation/staff-return";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig, useTestDatabaseAsProcessDatabase } from "../../../tests/setup/unit-process";
import { createSignedInStaff } from "../../../tests/setup/unit-staff";

const MINUTE = 60_000;
const REQUEST_PAGE = "/nl/internal-privacy-rights/requests/PR-2026-0001";

type Middleware = MiddlewareFunction<Response>;

/** The staff layout's `readStaff`, then the back office's guard, as React Router runs them: what was thrown, if anything. */
async function throughTheGuard(request: Request, { role = "officer" }: { role?: StaffRole } = {}) {
  const url = new URL(request.url);
  const context = new RouterContextProvider();
  context.set(siteContext, siteFromUrl(url)!);
  const args = {
    request,
    url,
    pattern: "/:lang/internal-privacy-rights/requests/:reference",
    params: {},
    context,
  } as unknown as Parameters<Middleware>[0];
  const next = async () => new Response("the route's own answer");
  try {
    await readStaff(args, next);
    await requireStaff({ role })(args, next);
    return { context, refused: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { context, refused: thrown };
  }
}

const rejectPost = (
  cookie: string,
  {
    url = `http://nl.localhost${REQUEST_PAGE}`,
    reason = "We konden niet vaststellen dat dit account van jou is.",
  } = {},
) =>
  new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      form: "request-reject",
      submission: "0b5f6a2e-3c1d-4f7a-9b8e-2d4c6a8e0f13",
      website: "",
      reason,
    }),
  });

describeEachDatabase("kept forms and the guard on $name", (database) => {
  const config = useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  afterEach(() => {
    vi.useRealTimers();
  });
  const db = () => database.db;
  const form = { formId: "request-reject", values: { reason: "Geen bewijs van identiteit." } };

  it("gives a kept form back on its page, to its staff member, for 30 minutes; one per ended session; gone once sent again", async () => {
    const now = new Date("2026-11-23T08:00:00Z");
    const id = await keepForm(db(), { sessionKey: "s1", email: "anna@veldhaven.nl", path: REQUEST_PAGE, form }, now);
    expect(id).toMatch(/^[\w-]{43}$/);
    // Only the id's hash is stored.
    expect(
      (await db().selectFrom("staff_kept_form").select("id_hash").execute()).map((row) => row.id_hash),
    ).not.toContain(id);
    const reader = { path: REQUEST_PAGE, email: "anna@veldhaven.nl" };
    expect(await keptFormFor(db(), id, reader, new Date(now.getTime() + 29 * MINUTE))).toEqual(form);
    expect(await keptFormFor(db(), id, { ...reader, email: "bart@veldhaven.nl" }, now)).toBeNull();
    expect(
      await keptFormFor(db(), id, { ...reader, path: "/nl/internal-privacy-rights/requests/PR-2026-0002" }, now),
    ).toBeNull();
    expect(await keptFormFor(db(), id, reader, new Date(now.getTime() + 30 * MINUTE))).toBeNull();
    expect(await keptFormFor(db(), "x".repeat(43), reader, now)).toBeNull();

    // The same old cookie posts again: the newer text replaces the older.
    const again = await keepForm(
      db(),
      {
        sessionKey: "s1",
        email: "anna@veldhaven.nl",
        path: REQUEST_PAGE,
        form: { ...form, values: { reason: "Nieuwer." } },
      },
      now,
    );
    expect(await keptFormFor(db(), id, reader, now)).toBeNull();
    expect(await keptFormFor(db(), again, reader, now)).toEqual({ ...form, values: { reason: "Nieuwer." } });

    // Another staff member cannot throw it away; its own can.
    await forgetKeptForm(db(), again, "bart@veldhaven.nl");
    expect(await keptFormFor(db(), again, reader, now)).not.toBeNull();
    await forgetKeptForm(db(), again, "anna@veldhaven.nl");
    expect(await keptFormFor(db(), again, reader, now)).toBeNull();
  });

  it("keeps one form for an ended session although 60 posts with its cookie arrive at once", async () => {
    const now = new Date("2026-11-23T09:00:00Z");
    const ids = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        keepForm(
          db(),
          {
            sessionKey: "s-60",
            email: "anna@veldhaven.nl",
            path: REQUEST_PAGE,
            form: { ...form, values: { reason: `Poging ${index}` } },
          },
          now,
        ),
      ),
    );
    expect(
      await db().selectFrom("staff_kept_form").select("id_hash").where("session_hash", "=", "s-60").execute(),
    ).toHaveLength(1);
    const reader = { path: REQUEST_PAGE, email: "anna@veldhaven.nl" };
    const readable = (await Promise.all(ids.map((id) => keptFormFor(db(), id, reader, now)))).filter(Boolean);
    expect(readable).toHaveLength(1);
  });

  it("gives a form kept when the session was already gone (whose, unknown) to whoever signs in on that page; the retention run deletes old ones", async () => {
    const now = new Date("2026-11-23T08:00:00Z");
    const id = await keepForm(db(), { sessionKey: "s2", email: null, path: REQUEST_PAGE, form }, now);
    expect(await keptFormFor(db(), id, { path: REQUEST_PAGE, email: "bart@veldhaven.nl" }, now)).toEqual(form);
    await keepForm(
      db(),
      { sessionKey: "s3", email: "anna@veldhaven.nl", path: REQUEST_PAGE, form },
      new Date(now.getTime() + 20 * MINUTE),
    );
    expect(await deleteExpiredKeptForms(db(), new Date(now.getTime() + 31 * MINUTE))).toBe(1);
    expect(await db().selectFrom("staff_kept_form").select("session_hash").execute()).toEqual([{ session_hash: "s3" }]);
  });

  it("sends a post whose session ended to the login page that says so, keeps its text for the same officer and page, and brings it back after sign-in", async () => {
    config.set({ STAFF_SESSION_IDLE_MINUTES: "10" });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const officer = await createSignedInStaff(db(), { role: "officer" });
    vi.setSystemTime(start + 11 * MINUTE);

    const { refused, context } = await throughTheGuard(rejectPost(officer.cookie));
    expect(context.get(staffContext)).toBeNull();
    expect(refused?.status).toBe(302);
    const login = new URL(refused!.headers.get("Location")!, "http://nl.localhost");
    expect(login.pathname).toBe("/nl/internal-privacy-rights/login");
    expect(login.searchParams.get("session")).toBe("ended");
    const back = new URL(login.searchParams.get("returnTo")!, "http://nl.localhost");
    expect(back.pathname).toBe(REQUEST_PAGE);
    const keptId = keptFormIdOf(back);
    expect(keptId).not.toBeNull();

    // Signed in again: the page it leads back to has the text; another officer's does not.
    const again = await createSignedInStaff(db(), { role: "officer", email: officer.email });
    const pageRequest = (cookie: string) =>
      new Request(new URL(`${back.pathname}${back.search}`, "http://nl.localhost"), { headers: { Cookie: cookie } });
    expect((await throughTheGuard(pageRequest(again.cookie))).refused).toBeNull();
    const reason = {
      formId: "request-reject",
      values: { reason: "We konden niet vaststellen dat dit account van jou is." },
    };
    expect(
      await keptFormOnPage(pageRequest(again.cookie), { email: officer.email, role: "officer", method: "local" }),
    ).toEqual(reason);
    const other = await createSignedInStaff(db(), { role: "officer" });
    expect(
      await keptFormOnPage(pageRequest(other.cookie), { email: other.email, role: "officer", method: "local" }),
    ).toBeNull();

    // Sent again from that page: the guard lets it through and the kept text goes.
    const resent = await throughTheGuard(
      rejectPost(again.cookie, { url: `http://nl.localhost${back.pathname}${back.search}` }),
    );
    expect(resent.refused).toBeNull();
    expect(
      await keptFormOnPage(pageRequest(again.cookie), { email: officer.email, role: "officer", method: "local" }),
    ).toBeNull();
  });

  it("keeps no files (a multipart post is not read), sends a page visit back to itself, and leaves a visitor who never signed in as before", async () => {
    config.set({ STAFF_SESSION_IDLE_MINUTES: "10" });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const officer = await createSignedInStaff(db(), { role: "officer" });
    vi.setSystemTime(start + 11 * MINUTE);
    const upload = new FormData();
    upload.append("form", "request-upload");
    upload.append("files", new Blob(["%PDF-1.7"], { type: "application/pdf" }), "antwoord.pdf");
    const { refused } = await throughTheGuard(
      new Request(`http://nl.localhost${REQUEST_PAGE}/files`, {
        method: "POST",
        headers: { Cookie: officer.cookie },
        body: upload,
      }),
    );
    expect(refused?.headers.get("Location")).toBe(loginAfterSessionEnded("nl", REQUEST_PAGE));
    expect(await db().selectFrom("staff_kept_form").select("id_hash").execute()).toEqual([]);

    const list = "/fr/internal-privacy-rights/requests?overdue=on";
    const visit = await throughTheGuard(
      new Request(`http://be.localhost${list}`, { headers: { Cookie: officer.cookie } }),
    );
    expect(visit.refused?.headers.get("Location")).toBe(loginAfterSessionEnded("fr", list));

    const anonymous = await throughTheGuard(rejectPost(""));
    expect(anonymous.refused?.headers.get("Location")).toBe("/nl/internal-privacy-rights/login");
    expect(await db().selectFrom("staff_kept_form").select("id_hash").execute()).toEqual([]);
  });

  it("keeps nothing of a search whose session ended (its term is a person's address or phone number), and still sends it to sign in again and back to the search", async () => {
    config.set({ STAFF_SESSION_IDLE_MINUTES: "10" });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const agent = await createSignedInStaff(db(), { role: "agent" });
    vi.setSystemTime(start + 11 * MINUTE);
    const searchPage = "/nl/internal-privacy-rights/search";
    const term = "slachtoffer@veldhaven-test.nl";
    const search = new Request(`http://nl.localhost${searchPage}`, {
      method: "POST",
      headers: { Cookie: agent.cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        form: searchForm.id,
        submission: "6d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
        website: "",
        term,
      }),
    });
    const { refused } = await throughTheGuard(search, { role: "agent" });
    expect(refused?.headers.get("Location")).toBe(loginAfterSessionEnded("nl", searchPage));
    const rows = await db().selectFrom("staff_kept_form").select("fields").execute();
    expect(rows.filter((row) => row.fields.includes(term))).toEqual([]);
    expect(rows).toEqual([]);
  });

  it("tells the page when the session ends, and 'stay signed in' starts the idle time again", async () => {
    config.set({ STAFF_SESSION_IDLE_MINUTES: "10" });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const officer = await createSignedInStaff(db(), { role: "officer" });
    vi.setSystemTime(start + 30_000);
    const page = await throughTheGuard(
      new Request(`http://nl.localhost${REQUEST_PAGE}`, { headers: { Cookie: officer.cookie } }),
    );
    // Used 30 seconds ago and not written again (at most once a minute): it ends 10 minutes after sign-in.
    expect(page.context.get(staffSessionContext)).toEqual({ endsAt: new Date(start + 10 * MINUTE), ended: null });

    vi.setSystemTime(start + 8 * MINUTE);
    expect(
      await keepSignedIn(
        new Request(`http://nl.localhost/nl/internal-privacy-rights/keep-alive`, {
          method: "POST",
          headers: { Cookie: officer.cookie },
        }),
      ),
    ).toEqual(new Date(start + 18 * MINUTE));
    vi.setSystemTime(start + 17 * MINUTE);
    expect(
      (
        await throughTheGuard(
          new Request(`http://nl.localhost${REQUEST_PAGE}`, { headers: { Cookie: officer.cookie } }),
        )
      ).refused,
    ).toBeNull();
    // Nothing to extend once it has ended, nor without a cookie.
    vi.setSystemTime(start + 40 * MINUTE);
    expect(
      await keepSignedIn(
        new Request("http://nl.localhost/nl/internal-privacy-rights/keep-alive", {
          method: "POST",
          headers: { Cookie: officer.cookie },
        }),
      ),
    ).toBeNull();
    expect(
      await keepSignedIn(new Request("http://nl.localhost/nl/internal-privacy-rights/keep-alive", { method: "POST" })),
    ).toBeNull();
  });

  it("ends a session at its absolute limit even when kept alive, and says whose session ended", async () => {
    const start = new Date("2026-11-23T08:00:00Z");
    const id = await startSession(db(), { email: "anna@veldhaven.nl", role: "officer", method: "local" }, start);
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    // An idle time longer than the day, so that only the absolute limit counts.
    const idle = 13 * 60;
    expect(await extendSession(db(), id, idle, at(11 * 60 + 50))).toEqual(at(12 * 60));
    expect(await sessionState(db(), id, idle, at(12 * 60))).toMatchObject({
      status: "ended",
      email: "anna@veldhaven.nl",
    });
    expect(await sessionState(db(), id, idle, at(12 * 60 + 1))).toMatchObject({ status: "ended", email: null });
    expect(await sessionState(db(), "not-an-id", 30, start)).toBeNull();
  });
});
