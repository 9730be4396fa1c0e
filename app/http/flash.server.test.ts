import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { redirectWithBanner, redirectWithUploadOutcome, takeBanner, takeUploadOutcome } from "~/http/flash.server";

// Read once, at the first cookie: a known secret and a data folder of this file's own.
process.env.SESSION_SECRET = "unit-test-flash-secret-0123456789abcdef";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "flash-config-"));

const ORIGIN = "http://nl.localhost:3000";
const post = () => new Request(`${ORIGIN}/nl/contact`, { method: "POST" });
const get = (cookie?: string) => new Request(`${ORIGIN}/nl/contact`, cookie ? { headers: { Cookie: cookie } } : {});

/** The cookie a browser sends back after a Set-Cookie header. */
const cookieOf = (setCookie: string | null | undefined) => {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0];
};
const setCookieOf = (headers: HeadersInit | undefined) => new Headers(headers).get("Set-Cookie");

const SENT = { type: "success", textKey: "contact.sent" } as const;

describe("a banner after a post (post-redirect-get)", () => {
  it("redirects to the next page with the banner in a cookie", async () => {
    const response = await redirectWithBanner(post(), "/nl/contact?sent", SENT);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/nl/contact?sent");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=[^;]+;/);
  });

  it("is shown once: the next page reads it, the page after that does not", async () => {
    const response = await redirectWithBanner(post(), "/nl/contact", SENT);
    const next = await takeBanner(get(cookieOf(response.headers.get("Set-Cookie"))));
    expect(next.banner).toEqual({ ...SENT, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    // Reading it consumed it: the cookie that comes back holds no banner.
    const after = await takeBanner(get(cookieOf(setCookieOf(next.headers))));
    expect(after).toEqual({ banner: null });
  });

  it("two equal messages in a row are told apart by their id", async () => {
    const first = await takeBanner(
      get(cookieOf((await redirectWithBanner(post(), "/nl/contact", SENT)).headers.get("Set-Cookie"))),
    );
    const second = await takeBanner(
      get(cookieOf((await redirectWithBanner(post(), "/nl/contact", SENT)).headers.get("Set-Cookie"))),
    );
    expect(first.banner?.textKey).toBe(SENT.textKey);
    expect(second.banner?.textKey).toBe(SENT.textKey);
    expect(first.banner?.id).not.toBe(second.banner?.id);
  });

  it("a page without the cookie, or with a damaged one, has no banner and sets no cookie", async () => {
    expect(await takeBanner(get())).toEqual({ banner: null });
    expect(await takeBanner(get("theme=dark"))).toEqual({ banner: null });
    const genuine = cookieOf((await redirectWithBanner(post(), "/nl/contact", SENT)).headers.get("Set-Cookie"));
    // The banner as stored, with its signature changed (signing itself: session.server.test.ts).
    const value = decodeURIComponent(genuine.slice(genuine.indexOf("=") + 1));
    const forged = `__session=${encodeURIComponent(`${value.slice(0, -2)}${value.endsWith("AA") ? "BB" : "AA"}`)}`;
    expect(await takeBanner(get(forged))).toEqual({ banner: null });
    expect((await takeBanner(get(genuine))).banner).toMatchObject(SENT);
  });
});

describe("an upload's refusals after a post without JavaScript", () => {
  it("reach the request page's loader once, apart from the banner", async () => {
    const outcome = { added: 1, refused: [{ name: "rapport.pdf", problem: "wrongType" as const }] };
    const response = await redirectWithUploadOutcome(post(), "/nl/internal-privacy-rights/requests/ABC", outcome);
    expect(response.headers.get("Location")).toBe("/nl/internal-privacy-rights/requests/ABC");
    const cookie = cookieOf(response.headers.get("Set-Cookie"));
    expect(await takeBanner(get(cookie))).toEqual({ banner: null });
    const next = await takeUploadOutcome(get(cookie));
    expect(next.outcome).toEqual(outcome);
    expect(await takeUploadOutcome(get(cookieOf(setCookieOf(next.headers))))).toEqual({ outcome: null });
  });

  it("fit in a cookie even for eleven refusals of the longest names, each still told by its start", async () => {
    const name = `${"数据".repeat(74)}.pdf`;
    const refused = [
      ...Array.from({ length: 10 }, () => ({ name, problem: "tooLarge" as const })),
      { name: "", problem: "tooMany" as const },
    ];
    const response = await redirectWithUploadOutcome(post(), "/nl/internal-privacy-rights/requests/ABC", {
      added: 0,
      refused,
    });
    const cookie = cookieOf(response.headers.get("Set-Cookie"));
    expect(cookie.length).toBeLessThan(4000);
    const shown = (await takeUploadOutcome(get(cookie))).outcome?.refused ?? [];
    expect(shown).toHaveLength(11);
    expect(shown[0].name.startsWith("数据数据")).toBe(true);
    expect(shown[0].name.endsWith("…")).toBe(true);
    expect(shown[10]).toEqual({ name: "", problem: "tooMany" });
  });
});
