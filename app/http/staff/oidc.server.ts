/**
 * Single sign-on with the group's identity provider: OpenID Connect,
 * authorization code with PKCE (openid-client), configured by OIDC_ISSUER,
 * OIDC_CLIENT_ID and OIDC_CLIENT_SECRET. The state, nonce and code verifier
 * of a sign-in in progress live in a short-lived signed cookie (`__oidc`).
 */
import * as client from "openid-client";
import { createCookie, redirect } from "react-router";

import { getConfig } from "~/config.server";
import { normaliseEmail } from "~/domain/email";
import { type StaffRole } from "~/domain/staff";
import { cookieIsSecure } from "~/http/session.server";
import { getLogger } from "~/utils/logger.server";
import { safeReturnPath } from "~/validation/staff-return";

import type { StaffUser } from "../../services/staff/sessions.server";

/** Registered at the provider for each site: https://<host>/auth/oidc/callback. */
const OIDC_CALLBACK_PATH = "/auth/oidc/callback";

export function oidcEnabled(): boolean {
  return Boolean(getConfig().OIDC_ISSUER);
}

let configuration: Promise<client.Configuration> | undefined;

/** The provider's metadata, discovered once (again after a failure). */
function providerConfiguration(): Promise<client.Configuration> {
  const config = getConfig();
  const issuer = new URL(config.OIDC_ISSUER!);
  // Plain http only for a provider on this machine (the tests'); anything else must be https.
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
  configuration ??= client
    .discovery(issuer, config.OIDC_CLIENT_ID!, config.OIDC_CLIENT_SECRET!, undefined, {
      execute: loopback && issuer.protocol === "http:" ? [client.allowInsecureRequests] : [],
    })
    .catch((error: unknown) => {
      configuration = undefined;
      throw error;
    });
  return configuration;
}

/** `returnPath`: the page a staff session ended on, to go back to. */
type Pending = { verifier: string; state: string; nonce: string; language: string; returnPath?: string | null };

let cookie: ReturnType<typeof createCookie> | undefined;
function pendingCookie() {
  cookie ??= createCookie("__oidc", {
    httpOnly: true,
    sameSite: "lax",
    path: OIDC_CALLBACK_PATH,
    maxAge: 10 * 60,
    secrets: [getConfig().sessionSecret],
  });
  return cookie;
}

const callbackUrl = (request: Request) => new URL(OIDC_CALLBACK_PATH, new URL(request.url).origin).href;

/** Sends the browser to the provider. */
export async function startSignIn(
  request: Request,
  language: string,
  returnPath: string | null = null,
): Promise<Response> {
  const pending: Pending = {
    verifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    language,
    returnPath,
  };
  const target = client.buildAuthorizationUrl(await providerConfiguration(), {
    redirect_uri: callbackUrl(request),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: "S256",
    state: pending.state,
    nonce: pending.nonce,
  });
  return redirect(target.href, {
    headers: { "Set-Cookie": await pendingCookie().serialize(pending, { secure: cookieIsSecure(request) }) },
  });
}

export type SignInResult =
  | { status: "signed-in"; user: StaffUser; language: string; returnPath?: string }
  | { status: "refused" | "failed"; language: string };

function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  return Array.isArray(value)
    ? value.filter((group): group is string => typeof group === "string")
    : typeof value === "string"
      ? [value]
      : [];
}

/** Who may sign in and with which role, from the provider's claims. */
function staffFromClaims(claims: Record<string, unknown>): StaffUser | null {
  const config = getConfig();
  const email = typeof claims.email === "string" ? normaliseEmail(claims.email) : "";
  if (!email || claims.email_verified === false) return null;
  if (config.OIDC_ALLOWED_EMAIL_DOMAIN && !email.endsWith(`@${config.OIDC_ALLOWED_EMAIL_DOMAIN.toLowerCase()}`))
    return null;
  const groups = groupsOf(claims, config.OIDC_GROUPS_CLAIM);
  if (config.OIDC_ALLOWED_GROUP && !groups.includes(config.OIDC_ALLOWED_GROUP)) return null;
  const role: StaffRole = config.OIDC_OFFICER_GROUP && groups.includes(config.OIDC_OFFICER_GROUP) ? "officer" : "agent";
  return { email, role, method: "oidc" };
}

/** Handles the provider's answer: the code is exchanged (PKCE, state and nonce checked) and the claims judged. */
export async function finishSignIn(request: Request): Promise<{ result: SignInResult; clearCookie: string }> {
  const pending = (await pendingCookie().parse(request.headers.get("Cookie"))) as Pending | null;
  const clearCookie = await pendingCookie().serialize("", { secure: cookieIsSecure(request), maxAge: 0 });
  const language = pending?.language ?? "nl";
  if (!pending?.verifier) return { result: { status: "failed", language }, clearCookie };
  try {
    const configuration = await providerConfiguration();
    // The URL the provider called, as this server answers it (behind a proxy, its public origin).
    const current = new URL(request.url);
    const tokens = await client.authorizationCodeGrant(configuration, current, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
    });
    const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
    const config = getConfig();
    // Many providers put e-mail and groups in the ID token; others only answer them at the userinfo endpoint.
    const claims =
      typeof idClaims.email === "string" &&
      (!config.OIDC_ALLOWED_GROUP && !config.OIDC_OFFICER_GROUP ? true : config.OIDC_GROUPS_CLAIM in idClaims)
        ? idClaims
        : { ...idClaims, ...(await client.fetchUserInfo(configuration, tokens.access_token, String(idClaims.sub))) };
    const user = staffFromClaims(claims);
    if (!user) {
      getLogger().warn({ event: "staff-sso-refused" }, "single sign-on refused by the allowed domain or group");
      return { result: { status: "refused", language }, clearCookie };
    }
    const returnPath = safeReturnPath(pending.returnPath);
    return { result: { status: "signed-in", user, language, ...(returnPath ? { returnPath } : {}) }, clearCookie };
  } catch (error) {
    getLogger().warn({ err: error }, "single sign-on failed");
    return { result: { status: "failed", language }, clearCookie };
  }
}
