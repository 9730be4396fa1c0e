/**
 * Single sign-on (app/http/staff/oidc.server.ts) through what it
 * exports: `oidcEnabled`, `startSignIn` and `finishSignIn`. Who may sign in,
 * and as what, is decided inside `finishSignIn` from the provider's claims,
 * so these tests run the whole authorization code flow against a real
 * OpenID provider in this process (`oidc-provider`, as the e2e tests use),
 * with accounts whose claims each test needs: the allowed e-mail domain, the
 * allowed group, the officer group, the groups claim's name, a verified
 * address, and claims found only at userinfo. The provider's login is
 * answered over HTTP (no browser); its consent is given in advance.
 */
import type { Server } from "node:http";

import type { Configuration as ProviderConfiguration } from "oidc-provider";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { finishSignIn, oidcEnabled, startSignIn } from "~/http/staff/oidc.server";

import { freePort } from "../../../tests/setup/spawn-server";
import { useTestConfig } from "../../../tests/setup/unit-process";

const CLIENT = { id: "veldhaven-staff-unit", secret: "unit-test-client-secret-not-for-production" };
const NL = "http://nl.localhost:3000";
const BE = "http://be.localhost:3000";
const DOMAIN = "veldhaven-test.nl";
const OFFICERS = "privacy-officers";

type Claims = Record<string, unknown>;

/**
 * The provider's accounts, by login name: the claims it releases (scopes
 * email and profile), and, where given, other claims in the ID token than
 * at userinfo.
 */
const ACCOUNTS: Record<string, { claims: Claims; idToken?: Claims }> = {
  agent: { claims: { email: `Anna.Agent@Veldhaven-Test.NL`, email_verified: true, groups: ["customer-service"] } },
  officer: {
    claims: { email: `olaf.officer@${DOMAIN}`, email_verified: true, groups: ["customer-service", OFFICERS] },
  },
  "single-group": { claims: { email: `sam@${DOMAIN}`, email_verified: true, groups: OFFICERS } },
  "no-groups": { claims: { email: `nina@${DOMAIN}`, email_verified: true } },
  elsewhere: { claims: { email: "iemand@elders.example", email_verified: true, groups: [OFFICERS] } },
  "look-alike": { claims: { email: `anna@not${DOMAIN}`, email_verified: true, groups: [OFFICERS] } },
  "domain-as-prefix": { claims: { email: `anna@${DOMAIN}.elders.example`, email_verified: true, groups: [OFFICERS] } },
  unverified: { claims: { email: `ursula@${DOMAIN}`, email_verified: false, groups: [OFFICERS] } },
  // Entra ID, for one, sends no email_verified at all.
  "verification-unknown": { claims: { email: `vera@${DOMAIN}`, groups: [OFFICERS] } },
  "no-email": { claims: { groups: [OFFICERS] } },
  roles: {
    claims: {
      email: `rik@${DOMAIN}`,
      email_verified: true,
      groups: ["customer-service"],
      roles: ["privacy-staff", OFFICERS],
    },
  },
  // Providers that keep the ID token small: what the rules need comes from userinfo.
  "groups-at-userinfo": {
    claims: { email: `gert@${DOMAIN}`, email_verified: true, groups: [OFFICERS] },
    idToken: { email: `gert@${DOMAIN}`, email_verified: true },
  },
  "email-at-userinfo": { claims: { email: `emma@${DOMAIN}`, email_verified: true }, idToken: {} },
};

let issuer = "";
let server: Server | undefined;

beforeAll(async () => {
  // The provider's notices about development keys and interactions are what a test provider is.
  for (const level of ["info", "warn"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      if (typeof args[0] === "string" && args[0].includes("oidc-provider ")) return;
      original(...args);
    });
  }
  const { default: Provider } = await import("oidc-provider");
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  const configuration: ProviderConfiguration = {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${NL}/auth/oidc/callback`, `${BE}/auth/oidc/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["groups", "roles"] },
    // The ID token carries the scopes' claims too (as Entra ID and Google do), unless an account says otherwise.
    conformIdTokenClaims: false,
    findAccount: async (_context, id) => {
      const account = ACCOUNTS[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async (use) => ({
          sub: id,
          ...(use === "id_token" && account.idToken ? account.idToken : account.claims),
        }),
      };
    },
    // Consent given in advance (a first-party client), so that the login is the only interaction.
    loadExistingGrant: async (context) => {
      const accountId = context.oidc.session?.accountId;
      const clientId = context.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new context.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
  };
  const provider = new Provider(issuer, configuration);
  provider.on("server_error", () => {});
  const listening = provider.listen(port);
  await new Promise<void>((resolve) => listening.once("listening", () => resolve()));
  server = listening;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  vi.restoreAllMocks();
});

/** Answers the provider's pages as a browser would: logs in as `login`, or presses cancel. Returns the URL the provider sends the browser back to. */
async function atProvider(authorization: URL, login: string | { abort: true }): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: URL, init: { method?: string; body?: URLSearchParams } = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      const value = pair.slice(pair.indexOf("=") + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(setCookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get("Location");
    if (!location) throw new Error(`The provider answered ${response.status} to ${url}: ${await response.text()}`);
    return new URL(location, url);
  };
  let next = await send(authorization);
  for (let hop = 0; hop < 10; hop++) {
    if (next.origin !== issuer) return next;
    if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
      next =
        typeof login === "string"
          ? await send(next, {
              method: "POST",
              body: new URLSearchParams({ prompt: "login", login, password: "whatever-the-provider-accepts" }),
            })
          : await send(new URL(`${next.pathname}/abort`, next));
    } else {
      next = await send(next);
    }
  }
  throw new Error("The provider never sent the browser back.");
}

/** The sign-in link's request on a site: the redirect to the provider, and the cookie the browser keeps for the callback. */
async function start(origin = NL, language = "nl") {
  const started = await startSignIn(new Request(new URL(`/${language}/internal-privacy-rights/sso`, origin)), language);
  const setCookie = started.headers.get("Set-Cookie") ?? "";
  return {
    started,
    setCookie,
    cookie: setCookie.split(";")[0],
    authorization: new URL(started.headers.get("Location") ?? ""),
  };
}

/** The whole flow: the sign-in link, the provider's login, the callback. */
async function signInAs(login: string, { origin = NL, language = "nl" } = {}) {
  const { cookie, authorization } = await start(origin, language);
  const callback = await atProvider(authorization, login);
  return finishSignIn(new Request(callback, { headers: { Cookie: cookie } }));
}

const staff = (email: string, role: "agent" | "officer") => ({
  status: "signed-in",
  user: { email, role, method: "oidc" },
  language: "nl",
});

describe("single sign-on against an OpenID provider", () => {
  const config = useTestConfig(() => ({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
  }));

  it("is on only when the provider is configured", () => {
    expect(oidcEnabled()).toBe(true);
    config.set({ OIDC_ISSUER: "", OIDC_CLIENT_ID: "", OIDC_CLIENT_SECRET: "" });
    expect(oidcEnabled()).toBe(false);
  });

  it("sends the browser to the provider with PKCE, state and nonce, kept in a short-lived cookie for the callback only", async () => {
    const { started, setCookie, authorization } = await start(BE, "fr");
    expect(started.status).toBe(302);
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${issuer}/auth`);
    const query = Object.fromEntries(authorization.searchParams);
    expect(query).toMatchObject({
      response_type: "code",
      client_id: CLIENT.id,
      redirect_uri: `${BE}/auth/oidc/callback`,
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(query.state).toMatch(/^[\w-]{20,}$/);
    expect(query.nonce).toMatch(/^[\w-]{20,}$/);
    expect(setCookie).toMatch(/^__oidc=/);
    expect(setCookie).toMatch(/; Max-Age=600(;|$)/);
    expect(setCookie).toMatch(/; Path=\/auth\/oidc\/callback(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly(;|$)/);
    expect(setCookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(setCookie).not.toMatch(/; Secure/);

    // Every sign-in has its own secrets; over HTTPS the cookie is Secure and the callback is that host's.
    const again = await startSignIn(new Request("https://nl.localhost/nl/internal-privacy-rights/sso"), "nl");
    const secure = new URL(again.headers.get("Location") ?? "").searchParams;
    expect(secure.get("redirect_uri")).toBe("https://nl.localhost/auth/oidc/callback");
    for (const name of ["code_challenge", "state", "nonce"]) expect(secure.get(name), name).not.toBe(query[name]);
    expect(again.headers.get("Set-Cookie")).toMatch(/; Secure(;|$)/);
  });

  it("signs in a verified address as an agent, in lower case, back in the language the sign-in started in, and clears its cookie", async () => {
    config.set({ OIDC_ALLOWED_EMAIL_DOMAIN: DOMAIN, OIDC_OFFICER_GROUP: OFFICERS });
    const { result, clearCookie } = await signInAs("agent", { origin: BE, language: "fr" });
    expect(result).toEqual({
      status: "signed-in",
      user: { email: `anna.agent@${DOMAIN}`, role: "agent", method: "oidc" },
      language: "fr",
    });
    expect(clearCookie).toMatch(/^__oidc=; Max-Age=0; Path=\/auth\/oidc\/callback/);
  });

  it("goes back to the page a staff session ended on, and never to another site", async () => {
    const back = "/nl/internal-privacy-rights/requests/PR-2026-0001?kept=" + "k".repeat(43);
    for (const [asked, expected] of [
      [back, back],
      ["//evil.example/nl/internal-privacy-rights/requests", undefined],
    ] as const) {
      const started = await startSignIn(new Request(new URL("/nl/internal-privacy-rights/sso", NL)), "nl", asked);
      const callback = await atProvider(new URL(started.headers.get("Location") ?? ""), "agent");
      const { result } = await finishSignIn(
        new Request(callback, { headers: { Cookie: (started.headers.get("Set-Cookie") ?? "").split(";")[0] } }),
      );
      expect(result).toMatchObject({ status: "signed-in" });
      expect(result.status === "signed-in" ? result.returnPath : "not signed in").toBe(expected);
    }
  });

  it("signs a member of the officer group in as officer, whether the provider sends the groups as a list or one value", async () => {
    config.set({ OIDC_OFFICER_GROUP: OFFICERS });
    expect((await signInAs("officer")).result).toEqual(staff(`olaf.officer@${DOMAIN}`, "officer"));
    expect((await signInAs("single-group")).result).toEqual(staff(`sam@${DOMAIN}`, "officer"));
    expect((await signInAs("agent")).result).toEqual(staff(`anna.agent@${DOMAIN}`, "agent"));
    expect((await signInAs("no-groups")).result).toEqual(staff(`nina@${DOMAIN}`, "agent"));
  });

  it("without an officer group, signs everyone in as agent", async () => {
    expect((await signInAs("officer")).result).toEqual(staff(`olaf.officer@${DOMAIN}`, "agent"));
  });

  it("refuses an address outside the allowed e-mail domain, look-alikes too", async () => {
    config.set({ OIDC_ALLOWED_EMAIL_DOMAIN: "Veldhaven-Test.nl" });
    for (const login of ["elsewhere", "look-alike", "domain-as-prefix"]) {
      expect((await signInAs(login, { origin: BE, language: "fr" })).result, login).toEqual({
        status: "refused",
        language: "fr",
      });
    }
    expect((await signInAs("no-groups")).result).toEqual(staff(`nina@${DOMAIN}`, "agent"));
  });

  it("with an allowed group, refuses whoever is not in it", async () => {
    config.set({ OIDC_ALLOWED_GROUP: OFFICERS });
    expect((await signInAs("agent")).result).toEqual({ status: "refused", language: "nl" });
    expect((await signInAs("no-groups")).result).toEqual({ status: "refused", language: "nl" });
    expect((await signInAs("single-group")).result).toEqual(staff(`sam@${DOMAIN}`, "agent"));
    // The group says who may sign in, not who is an officer.
    expect((await signInAs("officer")).result).toEqual(staff(`olaf.officer@${DOMAIN}`, "agent"));
  });

  it("reads the groups from the claim OIDC_GROUPS_CLAIM names", async () => {
    config.set({ OIDC_GROUPS_CLAIM: "roles", OIDC_ALLOWED_GROUP: "privacy-staff", OIDC_OFFICER_GROUP: OFFICERS });
    expect((await signInAs("roles")).result).toEqual(staff(`rik@${DOMAIN}`, "officer"));
    // In `groups`, which is not the claim configured: not a member.
    expect((await signInAs("officer")).result).toEqual({ status: "refused", language: "nl" });
  });

  it("refuses an address the provider says is unverified, and an account without one", async () => {
    config.set({ OIDC_OFFICER_GROUP: OFFICERS });
    expect((await signInAs("unverified")).result).toEqual({ status: "refused", language: "nl" });
    expect((await signInAs("no-email")).result).toEqual({ status: "refused", language: "nl" });
    // Only a provider's explicit "not verified" refuses: some send no email_verified at all.
    expect((await signInAs("verification-unknown")).result).toEqual(staff(`vera@${DOMAIN}`, "officer"));
  });

  it("asks userinfo when the ID token lacks the address, or the groups a rule needs", async () => {
    config.set({ OIDC_OFFICER_GROUP: OFFICERS });
    expect((await signInAs("groups-at-userinfo")).result).toEqual(staff(`gert@${DOMAIN}`, "officer"));
    expect((await signInAs("email-at-userinfo")).result).toEqual(staff(`emma@${DOMAIN}`, "agent"));
  });

  it("fails when the person cancels at the provider", async () => {
    const { cookie, authorization } = await start(BE, "fr");
    const callback = await atProvider(authorization, { abort: true });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect((await finishSignIn(new Request(callback, { headers: { Cookie: cookie } }))).result).toEqual({
      status: "failed",
      language: "fr",
    });
  });

  it("fails a callback without its sign-in's cookie, with another sign-in's, or with another state, and the right one still works", async () => {
    const { cookie, authorization } = await start(NL, "nl");
    const callback = await atProvider(authorization, "agent");
    expect((await finishSignIn(new Request(callback))).result).toEqual({ status: "failed", language: "nl" });
    // A callback this browser did not start (its code, another state): refused before the code is used.
    const otherState = new URL(callback);
    otherState.searchParams.set("state", "not-the-state-of-this-sign-in");
    expect((await finishSignIn(new Request(otherState, { headers: { Cookie: cookie } }))).result).toEqual({
      status: "failed",
      language: "nl",
    });
    const other = await start(BE, "fr");
    expect((await finishSignIn(new Request(callback, { headers: { Cookie: other.cookie } }))).result).toEqual({
      status: "failed",
      language: "fr",
    });
    const forged = cookie.replace(/\.[^.]+$/, ".bm90LXRoZS1zaWduYXR1cmU");
    expect(forged).not.toBe(cookie);
    expect((await finishSignIn(new Request(callback, { headers: { Cookie: forged } }))).result).toEqual({
      status: "failed",
      language: "nl",
    });
    expect((await finishSignIn(new Request(callback, { headers: { Cookie: cookie } }))).result).toEqual(
      staff(`anna.agent@${DOMAIN}`, "agent"),
    );
  });
});
