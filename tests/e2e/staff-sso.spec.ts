/**
 * Single sign-on against a real OpenID provider started by the
 * test (`oidc-provider`), not a mock of the client: authorization code with
 * PKCE, the allowed e-mail domain, the officer group, and a provider that
 * says no. JavaScript on and off; each test has its own server.
 */
import path from "node:path";

import type { Page } from "@playwright/test";
import Database from "better-sqlite3";

import { freePort, spawnServer, type SpawnedServer } from "../setup/spawn-server";
import { OFFICER_GROUP, startTestProvider, TEST_CLIENT, type TestProvider } from "../setup/test-oidc-provider";
import { expect, expectAxeClean, onlyWithJavaScript, onlyWithoutJavaScript, test } from "./fixtures";

let server: SpawnedServer;
let provider: TestProvider;

test.beforeEach(async () => {
  const providerPort = await freePort();
  server = await spawnServer({
    LOG_LEVEL: "warn",
    OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
    OIDC_CLIENT_ID: TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    OIDC_ALLOWED_EMAIL_DOMAIN: "veldhaven-test.nl",
    OIDC_OFFICER_GROUP: OFFICER_GROUP,
  });
  // The app discovers the provider on the first sign-in, so it may start first.
  provider = await startTestProvider(providerPort, [
    `http://nl.localhost:${server.port}/auth/oidc/callback`,
    `http://be.localhost:${server.port}/auth/oidc/callback`,
  ]);
});
test.afterEach(async () => {
  await server?.stop();
  await provider?.close();
});

const url = (host: "nl" | "be", pathname: string) => `http://${host}.localhost:${server.port}${pathname}`;

/** The provider's own login and consent pages. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("whatever-the-provider-accepts");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test(
  "signs in through the identity provider and lands on the confirmation; the form then works",
  onlyWithoutJavaScript(
    "redirects and the provider's own pages, the same either way; the sign-in below runs with JavaScript",
  ),
  async ({ page, context }) => {
    await page.goto(url("be", "/fr/internal-privacy-rights/login"));
    await expectAxeClean(page);
    await page.getByRole("link", { name: "Se connecter avec votre compte Veldhaven (SSO)" }).click();
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
    // PKCE: the request carried a S256 challenge (the provider refuses without).
    await signInAtProvider(page, "agent.sso@veldhaven-test.nl");
    await expect(page).toHaveURL(url("be", "/fr/internal-privacy-rights/confirm-login"));
    await expect(page.getByText("Connecté en tant que agent.sso@veldhaven-test.nl")).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "__staff")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    // The sign-in's own cookie (state, nonce, verifier) is gone once used.
    expect(cookies.find((cookie) => cookie.name === "__oidc")).toBeUndefined();
    await page.goto(url("be", "/fr/internal-privacy-rights/direct-marketing"));
    await expect(page.getByRole("alert").filter({ hasText: "Vous n'êtes pas connecté" })).toHaveCount(0);
  },
);

test(
  "a member of the officer group signs in as officer; another domain is refused",
  onlyWithJavaScript("the provider's pages are the same either way"),
  async ({ page }) => {
    await page.goto(url("nl", "/nl/internal-privacy-rights/login"));
    await page.getByRole("link", { name: /SSO/ }).click();
    await signInAtProvider(page, "officer.anna@veldhaven-test.nl");
    await expect(page).toHaveURL(url("nl", "/nl/internal-privacy-rights/confirm-login"));
    const [session] = await serverSessions();
    expect(session).toMatchObject({ email: "officer.anna@veldhaven-test.nl", role: "officer", method: "oidc" });

    await page.getByRole("button", { name: "Afmelden" }).click();
    await expect(page.getByTestId("banner")).toContainText("Je bent afgemeld.");
    // Another person at the provider (its own session forgotten).
    await page.context().clearCookies();
    await page.getByRole("link", { name: /SSO/ }).click();
    await signInAtProvider(page, "iemand@elders.example");
    await expect(page).toHaveURL(url("nl", "/nl/internal-privacy-rights/login?sso=refused"));
    await expect(
      page.getByRole("alert").filter({ hasText: "Je account heeft geen toegang tot deze pagina's." }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^Fout: /);
  },
);

test(
  "a callback without a sign-in in progress, or with a forged state, signs nobody in",
  onlyWithJavaScript("server answers: once is enough"),
  async ({ page }) => {
    await page.goto(url("nl", "/auth/oidc/callback?code=forged&state=forged"));
    await expect(page).toHaveURL(url("nl", "/nl/internal-privacy-rights/login?sso=failed"));
    await expect(page.getByRole("alert").filter({ hasText: "Aanmelden via SSO is niet gelukt." })).toBeVisible();
    // A real sign-in started, then answered with another state.
    await page.goto(url("nl", "/nl/internal-privacy-rights/sso"));
    await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
    await page.goto(url("nl", "/auth/oidc/callback?code=forged&state=not-the-one-we-sent"));
    await expect(page).toHaveURL(url("nl", "/nl/internal-privacy-rights/login?sso=failed"));
    expect(await serverSessions()).toEqual([]);
  },
);

async function serverSessions(): Promise<Array<{ email: string; role: string; method: string }>> {
  const db = new Database(path.join(server.dataDir, "app.sqlite"), { readonly: true });
  try {
    return db.prepare("select email, role, method from staff_session order by created_at desc").all() as never;
  } finally {
    db.close();
  }
}
