/**
 * The one staff guard (app/http/staff/guard.server.ts), run as React
 * Router runs route middleware: each gets `{ request, url, pattern, params,
 * context }` and a `next` that calls the rest of the chain and then the
 * route, and a middleware that does not call `next` has it called for it.
 * The staff member signs in with the real cookie and session
 * (tests/setup/unit-staff.ts); the site is what the root middleware would
 * have put in `siteContext` for the URL. Each test asserts what a client
 * gets: a redirect, the root boundary's 403 page, or a JSON answer, and
 * that the route itself never ran when refused.
 */
import {
  createCookie,
  matchPath,
  RouterContextProvider,
  type UNSAFE_DataWithResponseInit as DataWithResponseInit,
  type MiddlewareFunction,
} from "react-router";
import { afterEach, expect, it, vi } from "vitest";

import { siteContext } from "~/context";
import { STAFF_COOKIE_NAME } from "~/http/session.server";
import { readStaff, requireStaff, signedInStaff, staffContext } from "~/http/staff/guard.server";
import { signOut } from "~/http/staff/staff-session.server";
import { siteFromUrl } from "~/i18n/site.server";
import { isForbiddenPage } from "~/utils/forbidden-page";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import {
  TEST_SESSION_SECRET,
  useTestConfig,
  useTestDatabaseAsProcessDatabase,
} from "../../../tests/setup/unit-process";
import { createSignedInStaff } from "../../../tests/setup/unit-staff";

const MINUTE = 60_000;

type Middleware = MiddlewareFunction<Response>;
type StaffRoute = { pattern: string; middleware: Middleware[] };

/** The staff routes of app/routes.ts, with the middleware React Router runs for each (staff-layout's `readStaff`, then the route's own guard). */
const ROUTES = {
  /** confirm-login, processed (the `staff-signed-in` layout). */
  signedInPage: { pattern: "/:lang/internal-privacy-rights/confirm-login", middleware: [readStaff, requireStaff()] },
  /** requests, reports (the `back-office` layout). */
  officerPage: {
    pattern: "/:lang/internal-privacy-rights/requests",
    middleware: [readStaff, requireStaff({ role: "officer" })],
  },
  /** The staff JSON call. */
  staffCall: {
    pattern: "/api/internal-privacy-rights/request",
    middleware: [readStaff, requireStaff({ answer: "call" })],
  },
  /** The back office's downloads. */
  officerDownload: {
    pattern: "/:lang/internal-privacy-rights/requests/export",
    middleware: [readStaff, requireStaff({ role: "officer", answer: "call" })],
  },
} satisfies Record<string, StaffRoute>;

/** The hosts and languages of the sites: the Netherlands in Dutch, Belgium in French. */
const SITES = [
  { lang: "nl", origin: "http://nl.localhost:3000" },
  { lang: "fr", origin: "http://be.localhost:3000" },
] as const;

const ROUTE_ANSWER = "the route's own answer";

/** What a client gets, and whether the route's loader or action ran. */
type ClientAnswer = {
  status: number;
  headers: Headers;
  /** A JSON body parsed, another body as text, or the data the root error boundary renders. */
  body: unknown;
  from: "route" | "response" | "error boundary";
  context: RouterContextProvider;
};

/** React Router's middleware pipeline: `next` runs the rest of the chain once; a middleware that does not call it gets it called after it. */
async function runChain(
  chain: Middleware[],
  args: Parameters<Middleware>[0],
  route: () => Promise<Response>,
): Promise<Response> {
  const [first, ...rest] = chain;
  if (!first) return route();
  let downstream: Promise<Response> | undefined;
  const next = () => (downstream ??= runChain(rest, args, route));
  const returned = await first(args, next);
  return returned ?? (await next());
}

/** How React Router recognises what `data()` made (the class is not exported as a value). */
function isDataWithResponseInit(value: unknown): value is DataWithResponseInit<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as DataWithResponseInit<unknown>).type === "DataWithResponseInit"
  );
}

async function bodyOf(response: Response): Promise<unknown> {
  const type = response.headers.get("Content-Type") ?? "";
  return type.includes("application/json") ? response.json() : response.text();
}

/** A request to `route` on a site (as `lang` says), with the staff member's cookie if given. */
async function visit(
  route: StaffRoute,
  { origin, lang }: (typeof SITES)[number],
  { cookie, method = "GET" }: { cookie?: string; method?: string } = {},
): Promise<ClientAnswer> {
  const url = new URL(route.pattern.replace(":lang", lang), origin);
  const request = new Request(url, { method, headers: cookie ? { Cookie: cookie } : {} });
  const context = new RouterContextProvider();
  const site = siteFromUrl(url);
  if (!site) throw new Error(`${url} is on no site`);
  context.set(siteContext, site);
  const params = matchPath(route.pattern, url.pathname)?.params ?? {};
  let routeRan = false;
  try {
    const response = await runChain(
      route.middleware,
      { request, url, pattern: route.pattern, params, context },
      async () => {
        routeRan = true;
        return new Response(ROUTE_ANSWER);
      },
    );
    return {
      status: response.status,
      headers: response.headers,
      body: await bodyOf(response),
      from: routeRan ? "route" : "response",
      context,
    };
  } catch (thrown) {
    expect(routeRan, "the route ran although the guard refused").toBe(false);
    // A thrown Response is sent as it is (a redirect, a JSON call's error).
    if (thrown instanceof Response)
      return { status: thrown.status, headers: thrown.headers, body: await bodyOf(thrown), from: "response", context };
    // A thrown data() is rendered by the root's error boundary with its status, its data as the error's.
    if (isDataWithResponseInit(thrown)) {
      return {
        status: thrown.init?.status ?? 500,
        headers: new Headers(thrown.init?.headers),
        body: thrown.data,
        from: "error boundary",
        context,
      };
    }
    throw thrown;
  }
}

const NOT_LOGGED_IN = {
  nl: "Je bent niet aangemeld, of je sessie is verlopen. Meld je aan in een nieuw tabblad, sluit dat tabblad daarna en verstuur dit formulier opnieuw. Wat je hier invulde, blijft staan.",
  fr: "Vous n'êtes pas connecté ou votre session a expiré. Connectez-vous dans un nouvel onglet, fermez ensuite cet onglet et envoyez à nouveau ce formulaire. Ce que vous avez saisi ici reste en place.",
};

/** The 403 page's body for an agent: its texts, and the staff bar's (who is signed in, sign-out, the way back to the form). */
const FORBIDDEN_PAGE = {
  nl: (email: string) => ({
    forbidden: true,
    title: "Geen toegang",
    text: "Deze pagina is alleen voor privacy officers. Je bent aangemeld als medewerker klantenservice.",
    languageTag: "nl-NL",
    staff: {
      signedInAs: `Aangemeld als ${email}`,
      signOut: "Afmelden",
      signOutAction: "/nl/internal-privacy-rights/logout",
      toForm: "Naar het uitschrijfformulier",
      formHref: "/nl/internal-privacy-rights/direct-marketing",
    },
  }),
  fr: (email: string) => ({
    forbidden: true,
    title: "Accès refusé",
    text: "Cette page est réservée aux privacy officers. Vous êtes connecté en tant que collaborateur du service clientèle.",
    languageTag: "fr-BE",
    staff: {
      signedInAs: `Connecté en tant que ${email}`,
      signOut: "Se déconnecter",
      signOutAction: "/fr/internal-privacy-rights/logout",
      toForm: "Vers le formulaire de désinscription",
      formHref: "/fr/internal-privacy-rights/direct-marketing",
    },
  }),
};

function expectUnauthorizedCall(answer: ClientAnswer, lang: keyof typeof NOT_LOGGED_IN) {
  expect(answer.from).toBe("response");
  expect(answer.status).toBe(401);
  expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
  expect(answer.headers.get("WWW-Authenticate")).toBe('Cookie realm="staff"');
  expect(answer.headers.get("Cache-Control")).toBe("no-store");
  expect(answer.body).toEqual({ error: "UNAUTHORIZED", message: NOT_LOGGED_IN[lang] });
}

function expectLoginRedirect(answer: ClientAnswer, lang: string) {
  expect(answer.from).toBe("response");
  expect(answer.status).toBe(302);
  expect(answer.headers.get("Location")).toBe(`/${lang}/internal-privacy-rights/login`);
}

/** A session that ended leads to a login page that says so and leads back to the page. */
function expectLoginAfterEnd(answer: ClientAnswer, lang: string, page: string) {
  expect(answer.from).toBe("response");
  expect(answer.status).toBe(302);
  expect(answer.headers.get("Location")).toBe(
    `/${lang}/internal-privacy-rights/login?session=ended&returnTo=${encodeURIComponent(`/${lang}/internal-privacy-rights/${page}`)}`,
  );
}

const [NL, FR] = SITES;

describeEachDatabase("the staff guard on $name", (database) => {
  const config = useTestConfig();
  useTestDatabaseAsProcessDatabase(database);
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads the signed-in staff member into the context once, and nobody without a valid session", async () => {
    const officer = await createSignedInStaff(database.db, { role: "officer" });
    const signedIn = await visit({ pattern: ROUTES.officerPage.pattern, middleware: [readStaff] }, NL, {
      cookie: officer.cookie,
    });
    expect(signedIn.context.get(staffContext)).toEqual({ email: officer.email, role: "officer", method: "local" });
    expect(signedInStaff(signedIn.context)).toEqual({ email: officer.email, role: "officer", method: "local" });

    const anonymous = await visit({ pattern: ROUTES.officerPage.pattern, middleware: [readStaff] }, NL);
    expect(anonymous.from).toBe("route");
    expect(anonymous.context.get(staffContext)).toBeNull();

    // The cookie is signed: the same session id signed with another secret is nobody.
    const sessionId: unknown = await createCookie(STAFF_COOKIE_NAME, { secrets: [TEST_SESSION_SECRET] }).parse(
      officer.cookie,
    );
    expect(sessionId).toMatch(/^[\w-]{43}$/);
    const forged = (
      await createCookie(STAFF_COOKIE_NAME, { secrets: ["another-secret-that-is-not-the-site-s"] }).serialize(sessionId)
    ).split(";")[0];
    expect(forged).not.toBe(officer.cookie);
    expect(
      (
        await visit({ pattern: ROUTES.officerPage.pattern, middleware: [readStaff] }, NL, { cookie: forged })
      ).context.get(staffContext),
    ).toBeNull();

    // After sign-out the same cookie is nobody's.
    await signOut(
      new Request(new URL("/nl/internal-privacy-rights/logout", NL.origin), {
        method: "POST",
        headers: { Cookie: officer.cookie },
      }),
    );
    expect(
      (
        await visit({ pattern: ROUTES.officerPage.pattern, middleware: [readStaff] }, NL, { cookie: officer.cookie })
      ).context.get(staffContext),
    ).toBeNull();
  });

  it("lets an agent reach the pages and the call for any staff member, and an officer the officer pages and downloads too", async () => {
    const agent = await createSignedInStaff(database.db, { role: "agent" });
    const officer = await createSignedInStaff(database.db, { role: "officer" });
    for (const route of [ROUTES.signedInPage, ROUTES.staffCall]) {
      expect(
        await visit(route, NL, { cookie: agent.cookie, method: route === ROUTES.staffCall ? "POST" : "GET" }),
      ).toMatchObject({ from: "route", status: 200, body: ROUTE_ANSWER });
    }
    for (const route of Object.values(ROUTES)) {
      const answer = await visit(route, FR, {
        cookie: officer.cookie,
        method: route === ROUTES.staffCall ? "POST" : "GET",
      });
      expect(answer, route.pattern).toMatchObject({ from: "route", status: 200, body: ROUTE_ANSWER });
      expect(signedInStaff(answer.context)).toEqual({ email: officer.email, role: "officer", method: "local" });
    }
  });

  it.each(SITES)(
    "sends a visitor without a session from a staff page to the login page in the page's language ($lang)",
    async (site) => {
      expectLoginRedirect(await visit(ROUTES.signedInPage, site), site.lang);
      // An officer page too: nobody is signed in, so the answer is the login, not 403.
      expectLoginRedirect(await visit(ROUTES.officerPage, site), site.lang);
      expectLoginRedirect(await visit(ROUTES.officerPage, site, { method: "POST" }), site.lang);
    },
  );

  it.each(SITES)(
    "shows an agent on an officer page the 403 page, its texts in the page's language ($lang)",
    async (site) => {
      const agent = await createSignedInStaff(database.db, { role: "agent" });
      for (const method of ["GET", "POST"]) {
        const answer = await visit(ROUTES.officerPage, site, { cookie: agent.cookie, method });
        expect(answer.from).toBe("error boundary");
        expect(answer.status).toBe(403);
        expect(isForbiddenPage(answer.body)).toBe(true);
        expect(answer.body).toEqual(FORBIDDEN_PAGE[site.lang](agent.email));
      }
    },
  );

  it.each(SITES)(
    "answers a download without a session with JSON 401, the message in the site's language ($lang)",
    async (site) => {
      expectUnauthorizedCall(await visit(ROUTES.officerDownload, site), site.lang);
    },
  );

  it("answers the staff call without a session with JSON 401 (its path has no language: Dutch)", async () => {
    expectUnauthorizedCall(await visit(ROUTES.staffCall, NL, { method: "POST" }), "nl");
    expectUnauthorizedCall(await visit(ROUTES.staffCall, FR, { method: "POST" }), "nl");
  });

  it("answers an agent's download of an officer export with JSON 403, without asking to sign in", async () => {
    const agent = await createSignedInStaff(database.db, { role: "agent" });
    for (const site of SITES) {
      const answer = await visit(ROUTES.officerDownload, site, { cookie: agent.cookie });
      expect(answer.from).toBe("response");
      expect(answer.status).toBe(403);
      expect(answer.headers.get("Content-Type")).toMatch(/^application\/json/);
      expect(answer.headers.get("Cache-Control")).toBe("no-store");
      expect(answer.headers.has("WWW-Authenticate")).toBe(false);
      expect(answer.body).toEqual({ error: "FORBIDDEN" });
    }
  });

  it("ends a session left unused for the idle time: the page then redirects and the call answers 401", async () => {
    config.set({ STAFF_SESSION_IDLE_MINUTES: "10" });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const agent = await createSignedInStaff(database.db, { role: "agent" });
    const at = (minutes: number) => vi.setSystemTime(start + minutes * MINUTE);

    at(9);
    expect((await visit(ROUTES.signedInPage, NL, { cookie: agent.cookie })).from).toBe("route");
    // Used at 9 minutes, so still signed in at 18.
    at(18);
    expect((await visit(ROUTES.staffCall, NL, { cookie: agent.cookie, method: "POST" })).from).toBe("route");
    // Ten minutes without a request: the session has ended (the login page says so and leads back).
    at(28);
    expectLoginAfterEnd(await visit(ROUTES.signedInPage, FR, { cookie: agent.cookie }), "fr", "confirm-login");
    expectUnauthorizedCall(await visit(ROUTES.staffCall, NL, { cookie: agent.cookie, method: "POST" }), "nl");
    // Ended, not only idle: the session is gone, whatever the clock says.
    at(19);
    expectLoginAfterEnd(await visit(ROUTES.signedInPage, NL, { cookie: agent.cookie }), "nl", "confirm-login");
  });

  it("gives a route the signed-in staff member with signedInStaff(context), and refuses like the guard where there is none", async () => {
    const context = new RouterContextProvider();
    context.set(siteContext, { country: "be", language: "fr", locale: "fr_be" });
    context.set(staffContext, null);
    const asPage = (() => {
      try {
        return signedInStaff(context);
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(asPage).toBeInstanceOf(Response);
    expect((asPage as Response).status).toBe(302);
    expect((asPage as Response).headers.get("Location")).toBe("/fr/internal-privacy-rights/login");

    const asCall = (() => {
      try {
        return signedInStaff(context, "call");
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(asCall).toBeInstanceOf(Response);
    expect((asCall as Response).status).toBe(401);
    expect(await (asCall as Response).json()).toEqual({ error: "UNAUTHORIZED", message: NOT_LOGGED_IN.fr });

    context.set(staffContext, { email: "anna@veldhaven-test.nl", role: "agent", method: "oidc" });
    expect(signedInStaff(context, "call")).toEqual({ email: "anna@veldhaven-test.nl", role: "agent", method: "oidc" });
  });
});
