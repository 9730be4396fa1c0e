import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { ConfigError, parseConfig, resolveConfig } from "~/config.server";
import { featuresFor } from "~/services/site/features.server";

const PUBLIC_ORIGINS = {
  PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
  PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("has working defaults for the embedded database", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.NODE_ENV).toBe("development");
  });

  it("names each malformed variable", () => {
    const problems = problemsOf({ PORT: "eighty", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith("PORT:"))).toBeDefined();
    expect(problems.find((p) => p.startsWith("DATABASE_URL:"))).toContain("postgres://");
    expect(problems.find((p) => p.startsWith("LOG_LEVEL:"))).toBeDefined();
  });

  it("requires SESSION_SECRET, FILE_ENCRYPTION_KEY and both public origins with DATABASE_URL", () => {
    expect(problemsOf({ DATABASE_URL: "postgres://app@db/app" })).toEqual([
      "SESSION_SECRET: is required when DATABASE_URL is set (production)",
      "FILE_ENCRYPTION_KEY: is required when DATABASE_URL is set (production): 64 hexadecimal characters, e.g. openssl rand -hex 32",
      "PUBLIC_ORIGIN_NL: is required when DATABASE_URL is set (production): the origin of the links in our mail, e.g. https://privacy.veldhavenmedia.nl",
      "PUBLIC_ORIGIN_BE: is required when DATABASE_URL is set (production): the origin of the links in our mail, e.g. https://privacy.veldhavenmedia.be",
    ]);
    expect(
      problemsOf({
        DATABASE_URL: "postgres://app@db/app",
        SESSION_SECRET: "x".repeat(32),
        FILE_ENCRYPTION_KEY: "ab".repeat(32),
        PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
      }),
    ).toEqual([expect.stringMatching(/^PUBLIC_ORIGIN_BE: is required when DATABASE_URL is set/)]);
    expect(
      problemsOf({
        DATABASE_URL: "postgres://app@db/app",
        SESSION_SECRET: "x".repeat(32),
        FILE_ENCRYPTION_KEY: "ab".repeat(32),
        ...PUBLIC_ORIGINS,
      }),
    ).toEqual([]);
    expect(problemsOf({ FILE_ENCRYPTION_KEY: "not-hex" })[0]).toMatch(
      /^FILE_ENCRYPTION_KEY: must be 64 hexadecimal characters/,
    );
    expect(problemsOf({ SESSION_SECRET: "short" })[0]).toMatch(/^SESSION_SECRET: .*32/);
    // The embedded default needs neither: npm start on a fresh machine.
    expect(problemsOf({})).toEqual([]);
  });

  it("wants public origins as bare http(s) origins and ALLOWED_HOSTS as host names", () => {
    for (const value of [
      "privacy.veldhavenmedia.nl",
      "ftp://privacy.veldhavenmedia.nl",
      "https://privacy.veldhavenmedia.nl/nl",
      "https://privacy.veldhavenmedia.nl?x=1",
    ]) {
      expect(problemsOf({ PUBLIC_ORIGIN_NL: value }), value).toEqual([
        expect.stringMatching(/^PUBLIC_ORIGIN_NL: must be an (http\(s\) )?origin/),
      ]);
    }
    expect(parseConfig({ PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be/" }).PUBLIC_ORIGIN_BE).toBe(
      "https://privacy.veldhavenmedia.be/",
    );
    expect(parseConfig({ ALLOWED_HOSTS: " Staging.VeldhavenMedia.nl , nl.localhost" }).ALLOWED_HOSTS).toEqual([
      "staging.veldhavenmedia.nl",
      "nl.localhost",
    ]);
    expect(parseConfig({}).ALLOWED_HOSTS).toEqual([]);
    for (const value of ["https://staging.veldhavenmedia.nl", "*.veldhavenmedia.nl", "staging.veldhavenmedia.nl:443"]) {
      expect(problemsOf({ ALLOWED_HOSTS: value })[0], value).toMatch(
        /^ALLOWED_HOSTS: must be a comma-separated list of host names/,
      );
    }
  });

  it("rejects an SMTP_URL that is not smtp(s)", () => {
    expect(problemsOf({ SMTP_URL: "http://mail" })[0]).toMatch(/^SMTP_URL: /);
    expect(problemsOf({ SMTP_URL: "smtps://user:pass@mail.example.com:465" })).toEqual([]);
  });

  it("generates the session secret once and keeps it in DATA_DIR", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cfg-"));
    const first = resolveConfig(parseConfig({ DATA_DIR: dir }));
    const second = resolveConfig(parseConfig({ DATA_DIR: dir }));
    expect(first.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(first.database).toEqual({ kind: "sqlite", file: path.join(dir, "app.sqlite") });
  });

  it("a bad configuration stops the server with the variable's name", async () => {
    const { spawnSync } = await import("node:child_process");
    const result = spawnSync(process.execPath, ["--import", "tsx", "server.ts"], {
      env: { ...process.env, PORT: "not-a-port", DATA_DIR: os.tmpdir() },
      encoding: "utf8",
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toContain("PORT:");
  });
});

describe("proxy and cookie settings", () => {
  it("refuses TRUST_PROXY=true and accepts hops or subnets", () => {
    expect(problemsOf({ TRUST_PROXY: "true" })[0]).toMatch(/^TRUST_PROXY: .*not true/);
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "10.0.0.0/8,127.0.0.1" }).TRUST_PROXY).toBe("10.0.0.0/8,127.0.0.1");
    expect(parseConfig({}).TRUST_PROXY).toBe(false);
  });

  it("leaves the session cookie's Secure flag to each request's scheme unless told otherwise", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cfg-"));
    const secret = "s".repeat(32);
    // Not tied to the database: an embedded deployment behind HTTPS needs Secure too.
    expect(resolveConfig(parseConfig({ DATA_DIR: dir })).cookieSecure).toBe("auto");
    expect(
      resolveConfig(
        parseConfig({
          DATA_DIR: dir,
          DATABASE_URL: "postgres://a@b/c",
          SESSION_SECRET: secret,
          FILE_ENCRYPTION_KEY: "ab".repeat(32),
          ...PUBLIC_ORIGINS,
        }),
      ).cookieSecure,
    ).toBe("auto");
    expect(resolveConfig(parseConfig({ DATA_DIR: dir, COOKIE_SECURE: "true" })).cookieSecure).toBe(true);
    expect(resolveConfig(parseConfig({ DATA_DIR: dir, COOKIE_SECURE: "false" })).cookieSecure).toBe(false);
  });

  it("refuses a headers timeout longer than the request timeout", () => {
    expect(problemsOf({ HEADERS_TIMEOUT_MS: "20000", REQUEST_TIMEOUT_MS: "10000" })[0]).toMatch(
      /^HEADERS_TIMEOUT_MS: /,
    );
    expect(parseConfig({}).FORM_BODY_LIMIT_BYTES).toBe(65_536);
  });

  it("refuses the documents' test clock unless the test flag allows it", () => {
    expect(problemsOf({ DOCUMENTS_TODAY: "2026-09-15" })).toEqual([
      "DOCUMENTS_TODAY: moves the documents' calendar and is for tests only: refused unless ALLOW_TEST_CLOCK=1",
    ]);
    expect(problemsOf({ DOCUMENTS_TODAY: "15-09-2026", ALLOW_TEST_CLOCK: "1" })[0]).toMatch(/^DOCUMENTS_TODAY: /);
    expect(parseConfig({ DOCUMENTS_TODAY: "2026-09-15", ALLOW_TEST_CLOCK: "1" }).DOCUMENTS_TODAY).toBe("2026-09-15");
    expect(parseConfig({}).DOCUMENTS_TODAY).toBeUndefined();
  });

  it("takes a probe port only when it is not the site's port", () => {
    expect(problemsOf({ PORT: "3000", PROBE_PORT: "3000" })).toEqual(["PROBE_PORT: must differ from PORT"]);
    expect(problemsOf({ PORT: "3000", PROBE_PORT: "70000" })[0]).toMatch(/^PROBE_PORT: /);
    expect(parseConfig({ PROBE_PORT: "9000" }).PROBE_PORT).toBe(9000);
    expect(parseConfig({ PROBE_PORT: "" }).PROBE_PORT).toBeUndefined();
  });

  it("wants single sign-on complete (issuer, client id and secret) and a domain that is a domain", () => {
    expect(problemsOf({ OIDC_ISSUER: "https://login.veldhavenmedia.nl" }).sort()).toEqual([
      expect.stringMatching(/^OIDC_CLIENT_ID: is required with OIDC_ISSUER/),
      expect.stringMatching(/^OIDC_CLIENT_SECRET: is required with OIDC_ISSUER/),
    ]);
    expect(
      problemsOf({ OIDC_ISSUER: "https://login.veldhavenmedia.nl", OIDC_CLIENT_ID: "site", OIDC_CLIENT_SECRET: "s" }),
    ).toEqual([]);
    expect(problemsOf({ OIDC_ALLOWED_EMAIL_DOMAIN: "@veldhaven" })[0]).toMatch(/^OIDC_ALLOWED_EMAIL_DOMAIN: /);
    expect(parseConfig({}).STAFF_SESSION_IDLE_MINUTES).toBe(30);
  });
});

describe("feature toggles per host (spec 6)", () => {
  const config = (env: Record<string, string>) => parseConfig(env);

  it("are all off by default, on every host", () => {
    expect(featuresFor("privacy.veldhavenmedia.nl", config({}))).toEqual({ test: false, analyticsScript: null });
  });

  it("load the analytics script only on a listed production host, and only when its address is set", () => {
    const production = config({
      PRODUCTION_HOSTS: "privacy.veldhavenmedia.nl, Privacy.VeldhavenMedia.be",
      ANALYTICS_SCRIPT_URL: "https://stats.example/a.js",
    });
    expect(featuresFor("privacy.veldhavenmedia.be:443", production).analyticsScript).toBe("https://stats.example/a.js");
    expect(featuresFor("staging.veldhavenmedia.nl", production).analyticsScript).toBeNull();
    expect(
      featuresFor("privacy.veldhavenmedia.nl", config({ PRODUCTION_HOSTS: "privacy.veldhavenmedia.nl" }))
        .analyticsScript,
    ).toBeNull();
  });

  it("switch the test toggle on for the listed hosts only", () => {
    const testing = config({ TEST_TOGGLE_HOSTS: "nl.localhost" });
    expect(featuresFor("nl.localhost:3000", testing).test).toBe(true);
    expect(featuresFor("be.localhost:3000", testing).test).toBe(false);
  });

  it("refuse a script over plain http and a malformed host list", () => {
    expect(problemsOf({ ANALYTICS_SCRIPT_URL: "http://stats.example/a.js" })).toEqual([
      "ANALYTICS_SCRIPT_URL: must be an https:// URL",
    ]);
    expect(problemsOf({ PRODUCTION_HOSTS: "https://privacy.veldhavenmedia.nl/" })[0]).toMatch(
      /^PRODUCTION_HOSTS: must be a comma-separated list of host names/,
    );
  });
});
