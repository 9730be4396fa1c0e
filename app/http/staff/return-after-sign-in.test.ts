/**
 * The way back after a staff session ended while a form was filled in:
 * a staff page of this site only (no open redirect, no loop into signing
 * in), through the login page and the second factor; and what is kept of a
 * post (its text fields, never its files). The guard and the kept forms'
 * store are in staff-session-expiry.test.ts.
 */
import { describe, expect, it } from "vitest";

import { pendingReturnPath, pendingSignInCookie } from "~/http/staff/pending-sign-in.server";
import { keptFormOf } from "~/services/staff/kept-forms.server";
import { loggableUrl } from "~/utils/log-redaction";
import {
  keptFormIdOf,
  loginAfterSessionEnded,
  returnPathOf,
  safeReturnPath,
  withKeptForm,
} from "~/validation/staff-return";

import { useTestConfig } from "../../../tests/setup/unit-process";

const REQUEST_PAGE = "/nl/internal-privacy-rights/requests/PR-2026-0001";

describe("the way back after signing in again", () => {
  it("is a staff page of this site, with its query", () => {
    for (const path of [
      REQUEST_PAGE,
      "/fr/internal-privacy-rights/requests?overdue=on&q=anna%40example.be&page=2",
      "/en/internal-privacy-rights/confirm-login",
      `${REQUEST_PAGE}?kept=abc`,
    ]) {
      expect(safeReturnPath(path), path).toBe(path);
    }
  });

  it("is never another site, a scheme, a spelling the URL parser rewrites, a public page or a step of signing in", () => {
    for (const path of [
      "//evil.example/nl/internal-privacy-rights/requests",
      "/\\evil.example/nl/internal-privacy-rights/requests",
      "/\t/evil.example",
      "https://evil.example/nl/internal-privacy-rights/requests",
      "javascript:alert(1)",
      "nl/internal-privacy-rights/requests",
      "/nl/internal-privacy-rights/../../about",
      "/nl/internal-privacy-rights/%2e%2e/%2e%2e/about",
      "/nl/internal-privacy-rights/requests/../../../evil",
      `${REQUEST_PAGE}#answer`,
      `${REQUEST_PAGE}\n`,
      `${REQUEST_PAGE}?q=a b`,
      "/nl/internal-privacy-rights/requests/é",
      "/nl/about",
      "/de/internal-privacy-rights/requests",
      "/nl/Internal-Privacy-Rights/requests",
      "/nl/internal-privacy-rights",
      "/nl/internal-privacy-rights/",
      "/nl/internal-privacy-rights/login",
      "/nl/internal-privacy-rights/login?returnTo=%2Fnl%2Fabout",
      "/nl/internal-privacy-rights/logout",
      "/nl/internal-privacy-rights/sso",
      "/nl/internal-privacy-rights/two-factor/setup",
      "/nl/internal-privacy-rights/keep-alive",
      `/nl/internal-privacy-rights/requests?q=${"x".repeat(1000)}`,
      "",
    ]) {
      expect(safeReturnPath(path), JSON.stringify(path)).toBeNull();
    }
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(["/nl/internal-privacy-rights/requests"])).toBeNull();
  });

  it("is the page a request came from: React Router's own parameters and an earlier kept form left out, a request's files back to the request", () => {
    const page = (path: string) => returnPathOf(new URL(path, "http://nl.localhost"));
    expect(page(`${REQUEST_PAGE}.data?_routes=routes%2Fstaff%2Flayout&kept=${"a".repeat(43)}`)).toBe(REQUEST_PAGE);
    expect(page("/nl/internal-privacy-rights/requests?overdue=on&index")).toBe(
      "/nl/internal-privacy-rights/requests?overdue=on",
    );
    expect(page(`${REQUEST_PAGE}/files`)).toBe(REQUEST_PAGE);
    expect(page(`${REQUEST_PAGE}/files/3f2c`)).toBe(REQUEST_PAGE);
    expect(page("/nl/internal-privacy-rights/login")).toBeNull();
  });

  it("goes through the login page's address with the kept form's id", () => {
    const back = withKeptForm("/nl/internal-privacy-rights/requests?overdue=on", "K".repeat(43));
    expect(back).toBe(`/nl/internal-privacy-rights/requests?overdue=on&kept=${"K".repeat(43)}`);
    expect(keptFormIdOf(new URL(back, "http://nl.localhost"))).toBe("K".repeat(43));
    expect(keptFormIdOf(new URL(`${REQUEST_PAGE}?kept=short`, "http://nl.localhost"))).toBeNull();
    const login = loginAfterSessionEnded("fr", back);
    expect(login).toBe(`/fr/internal-privacy-rights/login?session=ended&returnTo=${encodeURIComponent(back)}`);
    expect(safeReturnPath(new URL(login, "http://be.localhost").searchParams.get("returnTo"))).toBe(back);
    expect(loginAfterSessionEnded("nl", null)).toBe("/nl/internal-privacy-rights/login?session=ended");
  });

  it("stays out of the log: the kept form's id and the page to go back to (which may hold a filter's e-mail address) are redacted", () => {
    const back = withKeptForm("/nl/internal-privacy-rights/requests?text=anna%40example.be", "K".repeat(43));
    expect(loggableUrl(loginAfterSessionEnded("nl", back))).toBe(
      "/nl/internal-privacy-rights/login?session=ended&returnTo=[redacted]",
    );
    expect(loggableUrl(back)).toBe("/nl/internal-privacy-rights/requests?text=[redacted]&kept=[redacted]");
  });
});

describe("what is kept of a post", () => {
  const post = (entries: Array<[string, string | Blob]>) => {
    const formData = new FormData();
    for (const [name, value] of entries) formData.append(name, value);
    return formData;
  };

  it("is its form and text fields, repeated ones as a list; not the page's submission id, the honeypot, Conform's intent or a file", () => {
    const kept = keptFormOf(
      post([
        ["form", "request-reject"],
        ["submission", "0b5f6a2e-3c1d-4f7a-9b8e-2d4c6a8e0f13"],
        ["website", ""],
        ["__intent__", "validate"],
        ["reason", "We konden niet vaststellen dat dit account van jou is."],
        ["brands", "a"],
        ["brands", "b"],
        ["upload", new Blob(["%PDF-1.7"], { type: "application/pdf" })],
      ]),
    );
    expect(kept).toEqual({
      formId: "request-reject",
      values: { reason: "We konden niet vaststellen dat dit account van jou is.", brands: ["a", "b"] },
    });
  });

  it("is nothing without a form id, with an odd field name, or with more than a form holds", () => {
    expect(keptFormOf(post([["reason", "tekst"]]))).toBeNull();
    expect(keptFormOf(post([["form", "__proto__"]]))).toBeNull();
    expect(
      keptFormOf(
        post([
          ["form", "request-reject"],
          ["__proto__", "x"],
        ]),
      ),
    ).toBeNull();
    expect(
      keptFormOf(
        post([
          ["form", "request-reject"],
          ["reason", "x".repeat(10_001)],
        ]),
      ),
    ).toBeNull();
    expect(
      keptFormOf(
        post([
          ["form", "request-reject"],
          ...Array.from({ length: 41 }, (_, n): [string, string] => [`field${n}`, "x"]),
        ]),
      ),
    ).toBeNull();
    expect(
      keptFormOf(
        post([
          ["form", "request-reject"],
          ...Array.from({ length: 5 }, (_, n): [string, string] => [`field${n}`, "x".repeat(9_000)]),
        ]),
      ),
    ).toBeNull();
  });
});

describe("the way back through the second factor", () => {
  useTestConfig();
  const withCookie = (setCookie: string) =>
    new Request("http://nl.localhost/nl/internal-privacy-rights/two-factor", {
      headers: { Cookie: setCookie.split(";")[0] },
    });

  it("rides in the signed cookie between the password and the code, checked again when read", async () => {
    expect(
      await pendingReturnPath(
        withCookie(await pendingSignInCookie(withCookie(""), "account-1", new Date(), REQUEST_PAGE)),
      ),
    ).toBe(REQUEST_PAGE);
    expect(
      await pendingReturnPath(
        withCookie(await pendingSignInCookie(withCookie(""), "account-1", new Date(), "//evil.example/x")),
      ),
    ).toBeNull();
    expect(await pendingReturnPath(withCookie(await pendingSignInCookie(withCookie(""), "account-1")))).toBeNull();
    expect(await pendingReturnPath(withCookie(""))).toBeNull();
  });
});
