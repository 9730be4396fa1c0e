/**
 * The register's calls as a client (a newsroom's script, the
 * browser) sees them, against the invented register the embedded default
 * seeds at first start. HTTP only: run once (JavaScript plays no part).
 */
import { expect, test } from "./fixtures";

const api = (pathAndQuery: string) => `http://127.0.0.1:${process.env.E2E_PORT}/api/campaign-items${pathAndQuery}`;
const headers = { Host: "nl.localhost" };

type Item = Record<string, unknown> & {
  id: string;
  channel: string;
  publicationStartDate: string;
  publicationEndDate: string;
};

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "plain HTTP calls: once is enough");

test("the list: the country's items with the spec's field names, newest first, filters narrowing it", async ({
  request,
}) => {
  const all = await request.get(api("?countryCode=NL"), { headers });
  expect(all.status()).toBe(200);
  const { campaignItems } = (await all.json()) as { campaignItems: Item[] };
  expect(campaignItems.length).toBeGreaterThanOrEqual(25);
  expect(Object.keys(campaignItems[0])).toEqual(
    expect.arrayContaining([
      "id",
      "sponsorName",
      "payerName",
      "ultimateBeneficiaryOwnerName",
      "reachLowerBound",
      "budgetUpperBound",
      "fundingOriginType",
      "campaignContextNoteFr",
      "previousPublicationSuspended",
      "channel",
    ]),
  );
  // Optional texts are empty, not null (spec 3).
  expect(campaignItems.every((item) => typeof item.payerName === "string")).toBe(true);
  const starts = campaignItems.map((item) => item.publicationStartDate);
  expect(starts).toEqual([...starts].sort().reverse());
  expect(new Set(campaignItems.map((item) => item.channel))).toEqual(new Set(["PRINT", "DIGITAL"]));

  const count = async (query: string) =>
    ((await (await request.get(api(`?countryCode=NL${query}`), { headers })).json()) as { campaignItems: Item[] })
      .campaignItems;
  const week = await count("&period=PAST_7_DAYS");
  const year = await count("&period=PAST_YEAR");
  expect(week.length).toBeGreaterThan(0);
  expect(week.length).toBeLessThan(year.length);
  expect(year.length).toBeLessThan(campaignItems.length);
  const print = await count("&channel=PRINT");
  expect(print.length).toBeGreaterThan(0);
  expect(print.every((item) => item.channel === "PRINT")).toBe(true);
  // Case and accents do not matter.
  const sponsor = String(campaignItems[0].sponsorName);
  expect((await count(`&text=${encodeURIComponent(sponsor.toUpperCase())}`)).length).toBeGreaterThan(0);
  expect(await count("&text=zzzz-niets")).toEqual([]);
  const combined = await count("&period=PAST_YEAR&channel=DIGITAL");
  expect(combined.length).toBeGreaterThan(0);
  expect(combined.every((item) => item.channel === "DIGITAL" && year.some((other) => other.id === item.id))).toBe(true);
});

test("a bad parameter is a 400 that names it", async ({ request }) => {
  for (const [query, parameter] of [
    ["", "countryCode"],
    ["?countryCode=DE", "countryCode"],
    ["?countryCode=NL&period=LAST_WEEK", "period"],
    ["?countryCode=NL&channel=TV", "channel"],
    [`?countryCode=BE&text=${"x".repeat(101)}`, "text"],
  ]) {
    const answer = await request.get(api(query), { headers });
    expect(answer.status(), query).toBe(400);
    expect(await answer.json(), query).toMatchObject({
      error: "VALIDATION",
      parameter,
      message: expect.stringContaining(parameter),
    });
  }
  // Belgium offers TV.
  expect((await request.get(api("?countryCode=BE&channel=TV"), { headers })).status()).toBe(200);
});

test("ETag and a short cache: an unchanged list answers 304", async ({ request }) => {
  const first = await request.get(api("?countryCode=BE&channel=RADIO"), { headers });
  const etag = first.headers()["etag"];
  expect(etag).toBeTruthy();
  expect(first.headers()["cache-control"]).toMatch(/public, max-age=60/);
  const again = await request.get(api("?countryCode=BE&channel=RADIO"), {
    headers: { ...headers, "If-None-Match": etag },
  });
  expect(again.status()).toBe(304);
});

test("one item as a download; 404 for an unknown one or another country's", async ({ request }) => {
  const { campaignItems } = (await (await request.get(api("?countryCode=BE"), { headers })).json()) as {
    campaignItems: Item[];
  };
  const id = campaignItems[0].id;
  const answer = await request.get(api(`/${id}?countryCode=BE`), { headers });
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-disposition"]).toBe(`attachment; filename="politieke-advertentie-${id}.json"`);
  expect(await answer.json()).toEqual(campaignItems[0]);
  expect((await request.get(api(`/${id}?countryCode=NL`), { headers })).status()).toBe(404);
  expect((await request.get(api("/BE-0000-0000?countryCode=BE"), { headers })).status()).toBe(404);
});

test("the whole register of a country as CSV or JSON", async ({ request }) => {
  const csv = await request.get(api("/export?countryCode=NL&format=csv"), { headers });
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  expect(csv.headers()["content-disposition"]).toBe('attachment; filename="politieke-advertenties-nl.csv"');
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0].split(",").slice(0, 2)).toEqual(["id", "sponsorName"]);
  const json = await request.get(api("/export?countryCode=NL&format=json"), { headers });
  const { campaignItems } = (await json.json()) as { campaignItems: Item[] };
  expect(lines.length - 1).toBe(campaignItems.length);
  expect((await request.get(api("/export?countryCode=NL&format=xml"), { headers })).status()).toBe(400);
});
