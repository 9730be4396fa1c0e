/**
 * The hosts a deployment serves (app/i18n/allowed-hosts.server.ts),
 * the root middleware that refuses the others, and the origin of the links we
 * mail (app/utils/public-origin.server.ts), which never takes a forged host.
 */
import { RouterContextProvider, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { describe, expect, it } from "vitest";

import { parseConfig } from "~/config.server";
import { serverContext, siteContext } from "~/context";
import { isAllowedHost } from "~/i18n/allowed-hosts.server";
import { siteMiddleware } from "~/i18n/site.server";
import { publicOrigin } from "~/utils/public-origin.server";

import { useTestConfig } from "../../tests/setup/unit-process";

const FORGED = "privacy.evil-veldhaven.nl";
const PRODUCTION = {
  DATABASE_URL: "postgres://app@db/app",
  SESSION_SECRET: "s".repeat(32),
  FILE_ENCRYPTION_KEY: "ab".repeat(32),
  PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
  PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be/",
};

describe("isAllowedHost", () => {
  it("serves the local names by default (npm start on a fresh machine), whatever the port or case", () => {
    const embedded = parseConfig({});
    for (const host of ["nl.localhost", "be.localhost:3000", "NL.LocalHost.:8080"])
      expect(isAllowedHost(host, embedded), host).toBe(true);
  });

  it("refuses every other host, subdomains of the local names included", () => {
    const embedded = parseConfig({});
    for (const host of [
      FORGED,
      `${FORGED}:3000`,
      "x.nl.localhost",
      "localhost:3000",
      "127.0.0.1:3000",
      "[::1]:3000",
      "veldhavenmedia.nl",
      "",
    ]) {
      expect(isAllowedHost(host, embedded), host).toBe(false);
    }
  });

  it("adds the hosts of the public origins and ALLOWED_HOSTS, exactly", () => {
    const config = parseConfig({
      PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
      PUBLIC_ORIGIN_BE: "https://Privacy.VeldhavenMedia.be:8443/",
      ALLOWED_HOSTS: "staging.veldhavenmedia.nl, Staging.VeldhavenMedia.be",
    });
    for (const host of [
      "privacy.veldhavenmedia.nl:443",
      "privacy.veldhavenmedia.be",
      "staging.veldhavenmedia.nl",
      "staging.veldhavenmedia.be:3000",
      "nl.localhost",
    ]) {
      expect(isAllowedHost(host, config), host).toBe(true);
    }
    for (const host of [
      FORGED,
      "www.privacy.veldhavenmedia.nl",
      "privacy.veldhavenmedia.nl.evil.be",
      "veldhavenmedia.be",
    ]) {
      expect(isAllowedHost(host, config), host).toBe(false);
    }
  });

  it("leaves the local names out of a production deployment (DATABASE_URL) unless ALLOWED_HOSTS lists them", () => {
    const production = parseConfig(PRODUCTION);
    expect(isAllowedHost("privacy.veldhavenmedia.be", production)).toBe(true);
    expect(isAllowedHost("nl.localhost:3000", production)).toBe(false);
    expect(isAllowedHost(FORGED, production)).toBe(false);
    const staging = parseConfig({ ...PRODUCTION, ALLOWED_HOSTS: "nl.localhost,be.localhost" });
    expect(isAllowedHost("nl.localhost:3000", staging)).toBe(true);
  });
});

describe("publicOrigin", () => {
  const embedded = parseConfig({ PORT: "3000" });

  it("prefers the configured origin to the request's", () => {
    const production = parseConfig(PRODUCTION);
    expect(publicOrigin("nl", "http://nl.localhost:3000", production)).toBe("https://privacy.veldhavenmedia.nl");
    expect(publicOrigin("be", "", production)).toBe("https://privacy.veldhavenmedia.be");
  });

  it("takes the request's origin only when its host is served; else the local name", () => {
    expect(publicOrigin("be", "http://be.localhost:3000", embedded)).toBe("http://be.localhost:3000");
    expect(publicOrigin("nl", `https://${FORGED}`, embedded)).toBe("http://nl.localhost:3000");
    // A job (the digest) has no request.
    expect(publicOrigin("nl", "", embedded)).toBe("http://nl.localhost:3000");
  });

  it("spells the request's origin one way: another port than the listener's, a capital or a trailing dot names the same site", () => {
    for (const origin of [
      "http://nl.localhost:41234",
      "http://nl.localhost:80",
      "http://nl.localhost",
      "http://NL.LocalHost.:3000",
    ]) {
      expect(publicOrigin("nl", origin, embedded), origin).toBe(
        origin.endsWith(":3000") ? "http://nl.localhost:3000" : "http://nl.localhost",
      );
    }
    expect(publicOrigin("nl", "http://nl.localhost:3000", embedded)).toBe("http://nl.localhost:3000");
  });
});

describe("the root middleware", () => {
  const config = useTestConfig({ ALLOWED_HOSTS: "staging.veldhavenmedia.nl" });

  function run(url: string): { status: number; site: unknown; links?: string[] } {
    const context = new RouterContextProvider();
    context.set(serverContext, {
      isKnownPage: () => false,
      thirdPartyOrigins: [],
      clientIp: "127.0.0.1",
      noteForLog: () => {},
    });
    try {
      void siteMiddleware(
        { request: new Request(url), url: new URL(url), pattern: "/*", params: {}, context },
        async () => new Response(),
      );
      return { status: 200, site: context.get(siteContext) };
    } catch (thrown) {
      const answer = thrown as DataWithResponseInit<{ message: string; localUrls: string[] }>;
      expect(answer.data.message).toBe("Cannot determine country");
      return { status: answer.init?.status ?? 500, site: null, links: answer.data.localUrls };
    }
  }

  it("answers 'Cannot determine country' (400) for a host the deployment does not serve", () => {
    expect(run(`http://${FORGED}:3000/nl`)).toEqual({
      status: 400,
      site: null,
      links: ["http://nl.localhost:3000/", "http://be.localhost:3000/"],
    });
    expect(run("http://evil.nl.localhost:3000/nl").status).toBe(400);
    expect(run("http://staging.veldhavenmedia.nl/nl/about")).toEqual({
      status: 200,
      site: { country: "nl", language: "nl", locale: "nl_nl" },
    });
    expect(run("http://be.localhost:3000/fr").site).toEqual({ country: "be", language: "fr", locale: "fr_be" });
    config.set({
      DATABASE_URL: PRODUCTION.DATABASE_URL,
      PUBLIC_ORIGIN_NL: PRODUCTION.PUBLIC_ORIGIN_NL,
      PUBLIC_ORIGIN_BE: PRODUCTION.PUBLIC_ORIGIN_BE,
    });
    // The error page links to the sites the deployment serves.
    expect(run("http://nl.localhost:3000/nl")).toEqual({
      status: 400,
      site: null,
      links: ["https://privacy.veldhavenmedia.nl/", "https://privacy.veldhavenmedia.be/"],
    });
    expect(run("https://privacy.veldhavenmedia.be/fr").site).toMatchObject({ country: "be" });
  });
});
