import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";

import {
  commitSession,
  COOKIE_NAMES,
  cookiesChangePage,
  hasPersonalCookie,
  hasPurposeCookie,
  hasSessionCookie,
  readSession,
  STAFF_COOKIE_NAME,
  takeFlash,
} from "~/http/session.server";

// The configuration is read once, at the first cookie: a known secret, the
// default COOKIE_SECURE (auto) and a data folder of this file's own.
const SECRET = "unit-test-session-secret-0123456789abcdef";
process.env.SESSION_SECRET = SECRET;
delete process.env.COOKIE_SECURE;
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "session-config-"));

const page = (url = "http://nl.localhost:3000/nl/contact", cookie?: string) =>
  new Request(url, cookie ? { headers: { Cookie: cookie } } : {});

/** "name=value" of a Set-Cookie header, as a browser sends it back. */
const cookiePair = (setCookie: string) => setCookie.split(";")[0];

/** The attributes of a Set-Cookie header, lower-cased names. */
const attributes = (setCookie: string) =>
  setCookie
    .split(";")
    .slice(1)
    .map((part) => part.trim().split("=")[0].toLowerCase());

async function storedCookie(purpose: "flash" | "privacy", data: Record<string, unknown>, url?: string) {
  const session = await readSession(page(url), purpose);
  for (const [key, value] of Object.entries(data)) session.set(key, value);
  return commitSession(page(url), purpose, session);
}

describe("the product's cookies", () => {
  it("have one name per purpose", async () => {
    expect((await storedCookie("flash", { a: 1 })).startsWith(`${COOKIE_NAMES.flash}=`)).toBe(true);
    expect((await storedCookie("privacy", { a: 1 })).startsWith(`${COOKIE_NAMES.privacy}=`)).toBe(true);
    expect(new Set([COOKIE_NAMES.flash, COOKIE_NAMES.privacy, STAFF_COOKIE_NAME]).size).toBe(3);
  });

  it("are HttpOnly, SameSite=Lax, for the whole site, and Secure only over HTTPS (COOKIE_SECURE=auto)", async () => {
    const overHttp = await storedCookie("flash", { a: 1 });
    expect(attributes(overHttp)).toEqual(expect.arrayContaining(["path", "httponly", "samesite"]));
    expect(overHttp).toMatch(/; Path=\/(;|$)/);
    expect(overHttp).toMatch(/; SameSite=Lax(;|$)/);
    expect(attributes(overHttp)).not.toContain("secure");

    const overHttps = await storedCookie("flash", { a: 1 }, "https://privacy.veldhavenmedia.nl/nl/contact");
    expect(attributes(overHttps)).toContain("secure");
    expect(attributes(overHttps)).toEqual(expect.arrayContaining(["path", "httponly", "samesite"]));
  });

  it("the objection's steps live a day; the flash cookie ends with the browser session", async () => {
    const privacy = await storedCookie("privacy", { brands: ["dagwijzer"] });
    expect(privacy).toMatch(/; Max-Age=86400(;|$)/);
    const flash = await storedCookie("flash", { a: 1 });
    expect(attributes(flash)).not.toContain("max-age");
    expect(attributes(flash)).not.toContain("expires");
  });

  it("give back what was stored, to the same purpose only", async () => {
    const cookie = cookiePair(await storedCookie("privacy", { brands: ["dagwijzer", "essenbode"] }));
    expect((await readSession(page(undefined, cookie), "privacy")).get("brands")).toEqual(["dagwijzer", "essenbode"]);
    expect((await readSession(page(undefined, cookie), "flash")).get("brands")).toBeUndefined();
  });

  it("are signed: a changed value or another secret's cookie is not read", async () => {
    const cookie = cookiePair(await storedCookie("privacy", { brands: ["dagwijzer"] }));
    expect((await readSession(page(undefined, cookie), "privacy")).get("brands")).toEqual(["dagwijzer"]);

    // The same data with one brand swapped, and the original signature kept.
    const [name, value] = [
      cookie.slice(0, cookie.indexOf("=")),
      decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)),
    ];
    const [payload, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    expect(signature.length).toBeGreaterThan(20);
    const swapped = Buffer.from(
      Buffer.from(payload, "base64").toString("utf8").replace("dagwijzer", "essenbode"),
    ).toString("base64");
    expect(swapped).not.toBe(payload);
    const forged = `${name}=${encodeURIComponent(`${swapped}.${signature}`)}`;
    expect((await readSession(page(undefined, forged), "privacy")).get("brands")).toBeUndefined();
    // Signed with the product's secret, the same swapped data is read: only the signature kept it out.
    const resigned = `${name}=${encodeURIComponent(`${swapped}.${createHmac("sha256", SECRET).update(swapped).digest("base64").replace(/=+$/, "")}`)}`;
    expect((await readSession(page(undefined, resigned), "privacy")).get("brands")).toEqual(["essenbode"]);

    const other = createCookieSessionStorage({
      cookie: { name: COOKIE_NAMES.privacy, secrets: ["another-secret-of-at-least-32-chars!"] },
    });
    const session = await other.getSession();
    session.set("brands", ["dagwijzer"]);
    const foreign = cookiePair(await other.commitSession(session));
    expect((await readSession(page(undefined, foreign), "privacy")).get("brands")).toBeUndefined();
  });
});

describe("which requests carry our cookies", () => {
  it.each([
    ["__session=abc", true],
    ["theme=dark; __privacy=abc", true],
    [`${STAFF_COOKIE_NAME}=abc`, true],
    ["theme=dark", false],
    ["__sessions=abc; session=abc", false],
    ["theme=__session", false],
    ["", false],
  ])("%j is personal: %s", (header, personal) => {
    expect(hasPersonalCookie(header)).toBe(personal);
    expect(hasSessionCookie(page(undefined, header || undefined))).toBe(personal);
  });

  it("no Cookie header is no personal cookie", () => {
    expect(hasPersonalCookie(null)).toBe(false);
    expect(hasPersonalCookie(undefined)).toBe(false);
  });

  it("tells the purposes apart", () => {
    const request = page(undefined, "theme=dark; __privacy=abc");
    expect(hasPurposeCookie(request, "privacy")).toBe(true);
    expect(hasPurposeCookie(request, "flash")).toBe(false);
  });
});

describe("whether a visitor's cookies change a public page", () => {
  const isText = (value: unknown): value is string => typeof value === "string";
  async function flashCookie(purpose: "flash" | "privacy", kept: Record<string, unknown> = {}) {
    const session = await readSession(page(), purpose);
    for (const [key, value] of Object.entries(kept)) session.set(key, value);
    session.flash("banner", "Jouw bericht is succesvol verzonden.");
    return cookiePair(await commitSession(page(), purpose, session));
  }
  const changes = (cookie: string | undefined, showsKeptChoice = false) =>
    cookiesChangePage(cookie, { showsKeptChoice });

  it("a flash not yet shown changes the page that reads it next; once taken, the emptied cookie is removed and changes nothing", async () => {
    const cookie = await flashCookie("flash");
    expect(await changes(cookie)).toBe(true);
    const { value, headers } = await takeFlash(page(undefined, cookie), "flash", "banner", isText);
    expect(value).toBe("Jouw bericht is succesvol verzonden.");
    const setCookie = new Headers(headers).get("Set-Cookie")!;
    // The browser drops it: expired, and empty.
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await changes(cookiePair(setCookie))).toBe(false);
  });

  it("a cookie that still keeps something after its flash is taken stays, and changes only the pages that show it", async () => {
    const cookie = await flashCookie("privacy", { objectionBrands: ["dagwijzer"] });
    expect(await changes(cookie)).toBe(true);
    const { headers } = await takeFlash(page(undefined, cookie), "privacy", "banner", isText);
    const kept = cookiePair(new Headers(headers).get("Set-Cookie")!);
    expect(new Headers(headers).get("Set-Cookie")).not.toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await changes(kept)).toBe(false);
    expect(await changes(kept, true)).toBe(true);
  });

  it.each([
    ["no cookie at all", undefined],
    ["another site's cookie", "theme=dark"],
    ["a staff sign-in (no public page reads it)", `${STAFF_COOKIE_NAME}=abc`],
    [
      "a forged flash cookie",
      `${COOKIE_NAMES.flash}=${encodeURIComponent(`${Buffer.from(JSON.stringify({ __flash_banner__: "x" })).toString("base64")}.forged`)}`,
    ],
    ["a cookie that is not ours to decode", `${COOKIE_NAMES.flash}=%E0%A4%A; ${COOKIE_NAMES.privacy}=...`],
  ])("%s changes nothing", async (_, cookie) => {
    expect(await changes(cookie)).toBe(false);
  });
});
