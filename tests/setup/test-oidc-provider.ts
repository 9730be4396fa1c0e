/**
 * A real OpenID provider for the tests (the `oidc-provider` package, with its
 * development login and consent pages): any login name is accepted and
 * becomes the account's e-mail address; names starting with "officer" are in
 * the group `privacy-officers`.
 */
import type { Server } from "node:http";

// Its notices about development keys, interactions and the Node version are what a test provider is (Node 20 works; 22 is what it asks for).
for (const level of ["info", "warn"] as const) {
  const original = console[level];
  console[level] = (...args: unknown[]) => {
    if (typeof args[0] === "string" && args[0].includes("oidc-provider ")) return;
    original(...args);
  };
}
const { default: Provider } = await import("oidc-provider");

export const TEST_CLIENT = { id: "veldhaven-staff", secret: "test-client-secret-not-for-production" };
export const OFFICER_GROUP = "privacy-officers";

export type TestProvider = { issuer: string; close: () => Promise<void> };

export async function startTestProvider(port: number, redirectUris: string[]): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: id,
        email_verified: true,
        name: id.split("@")[0],
        groups: id.startsWith("officer") ? [OFFICER_GROUP] : ["customer-service"],
      }),
    }),
    pkce: { required: () => true },
  });
  provider.on("server_error", () => {});
  const server: Server = provider.listen(port);
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { issuer, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
