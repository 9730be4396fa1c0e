/**
 * The staff area is whatever the route table says
 * it is, however a path is spelled (never a public, cached, indexable page),
 * and its JSON call, like every state-changing call, refuses a browser's
 * request from another site. Server behaviour: runs once, in the "js" project.
 */
import { request } from "../setup/spawn-server";
import { expect, test } from "./fixtures";
import { addStaff, STAFF_PASSWORD, uniqueStaffEmail } from "./staff-fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "server behaviour: runs once");

const port = () => Number(process.env.E2E_PORT);
const ownOrigin = () => `http://nl.localhost:${port()}`;
const JSON_TYPE = { "Content-Type": "application/json" };

test.describe("staff paths in other spellings", () => {
  // Each odd spelling, and what the exact spelling answers an anonymous visitor.
  const spellings: Array<[string, number]> = [
    ["/nl/Internal-Privacy-Rights/login", 200],
    ["/nl/INTERNAL-PRIVACY-RIGHTS/login", 200],
    ["/nl/internal-privacy-rights/Login", 200],
    ["/nl/internal%2Dprivacy%2Drights/login", 200],
    ["/nl/internal%2dprivacy%2drights/login", 200],
    ["/nl/Internal%2DPrivacy%2DRights/direct-marketing", 200],
    ["/nl/internal-privacy-rights%2Flogin", 200],
    ["/nl/internal-privacy-rights/Login.data", 200],
    ["/nl/Internal-Privacy-Rights/requests", 302],
    ["/api/Internal-Privacy-Rights/request", 401],
  ];
  for (const [pathname, staffStatus] of spellings) {
    test(`${pathname} is never public, never kept, never indexed: a 404 or the staff answer`, async () => {
      // Asked twice: a kept page would come back from the page cache the second time.
      for (const attempt of [1, 2]) {
        const answer = await request(port(), { path: pathname });
        expect([404, staffStatus], `${pathname} (${attempt}): status`).toContain(answer.status);
        expect(answer.headers["cache-control"] ?? "", `${pathname} (${attempt})`).not.toMatch(/public/);
        expect(answer.headers["x-cache"], `${pathname} (${attempt}): from the page cache`).toBeUndefined();
        expect(answer.headers["x-robots-tag"], `${pathname} (${attempt})`).toBe("noindex, nofollow");
      }
    });
  }

  test("the exact spellings keep their answers: staff pages private, public pages public", async () => {
    const login = await request(port(), { path: "/nl/internal-privacy-rights/login" });
    expect(login.status).toBe(200);
    expect(login.headers["cache-control"]).toBe("private, no-store");
    expect(login.headers["x-robots-tag"]).toBe("noindex, nofollow");
    // A public page whose text merely mentions the staff area's name is not staff.
    const search = await request(port(), { path: "/nl/search?q=internal-privacy-rights" });
    expect(search.status).toBe(200);
    expect(search.headers["cache-control"]).toMatch(/^public/);
  });
});

/** Signs a new staff member in with the login form, as a browser without JavaScript would; the Cookie header to send. */
async function staffCookie(): Promise<string> {
  const email = uniqueStaffEmail("origin");
  await addStaff(email);
  const signIn = await request(port(), {
    method: "POST",
    path: "/nl/internal-privacy-rights/login",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ownOrigin() },
    body: new URLSearchParams({ form: "staff-login", email, password: STAFF_PASSWORD }).toString(),
  });
  expect(signIn.status).toBe(302);
  return signIn.headers["set-cookie"]!.map((value) => value.split(";")[0]).join("; ");
}

const OBJECTION = JSON.stringify({ flowType: "OBJECTION", brands: ["dagwijzer"], phoneNumber: "+31612345678" });

test.describe("state-changing calls from another site", () => {
  test("the staff call with a valid cookie: refused (403) from another origin, done from our own", async () => {
    const cookie = await staffCookie();
    const call = (headers: Record<string, string>) =>
      request(port(), {
        method: "POST",
        path: "/api/internal-privacy-rights/request",
        headers: { ...JSON_TYPE, Cookie: cookie, ...headers },
        body: OBJECTION,
      });

    const foreign: Array<Record<string, string>> = [
      { Origin: "http://evil.example" },
      { Origin: "null" },
      { Origin: "https://nl.localhost" },
      { Origin: `http://be.localhost:${port()}` },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site" },
      { Origin: ownOrigin(), "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of foreign) {
      const refused = await call(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ error: "CROSS_ORIGIN" });
    }

    const done = await call({ Origin: ownOrigin(), "Sec-Fetch-Site": "same-origin" });
    expect(done.status).toBe(201);
    expect(JSON.parse(done.body)).toMatchObject({ reference: expect.stringMatching(/^PR-/) });
    // A client that is not a browser sends neither header.
    expect((await call({})).status).toBe(201);
  });

  test("the public calls: another site's browser is refused, other clients (no Origin) are served", async () => {
    const contact = JSON.stringify({ name: "Lotte", email: "lotte@veldhaven-test.nl", question: "Welke gegevens?" });
    const cross = await request(port(), {
      method: "POST",
      path: "/api/contact?locale=nl_nl",
      headers: { ...JSON_TYPE, Origin: "http://evil.example" },
      body: contact,
    });
    expect(cross.status).toBe(403);
    const plain = await request(port(), {
      method: "POST",
      path: "/api/contact?locale=nl_nl",
      headers: JSON_TYPE,
      body: contact,
    });
    expect(plain.status).toBe(201);
    // Reading is never refused: a GET with a foreign Origin is served as before.
    const read = await request(port(), {
      path: "/api/campaign-items?countryCode=NL",
      headers: { Origin: "http://evil.example" },
    });
    expect(read.status).toBe(200);
  });
});
