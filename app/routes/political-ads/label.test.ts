/**
 * When `label.png` was rendered on every request (a query string
 * made a new one), 16 connections held every other visitor's page for over
 * a second. A label is rendered once per ad version, language and format and
 * kept: the same ETag (strong) for a repeat, for any query string, 304 for a
 * client that holds it, a new render for a new version only; and when too
 * many renders wait, a visitor gets a quick 503 with Retry-After instead of
 * joining the queue. Renders are counted by spying on the drawing of the
 * label's SVG, which every render starts with.
 */
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { siteContext } from "~/context";
import type { CampaignItem } from "~/domain/campaign-item";
import { loader } from "~/routes/political-ads/label";
import * as labelSvgModule from "~/services/campaign/labels/label-svg.server";

const ads = new Map<string, CampaignItem>();

vi.mock("~/db/instance.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getDb: async () => ({}),
}));
vi.mock("~/services/campaign/register.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  findCampaign: async (_db: unknown, _country: string, id: string) => ads.get(id),
}));
vi.mock("~/services/campaign/labels/label-svg.server", async (importOriginal) => {
  const original = await importOriginal<typeof labelSvgModule>();
  return { ...original, labelSvg: vi.fn(original.labelSvg) };
});

const renders = () => vi.mocked(labelSvgModule.labelSvg).mock.calls.length;

let lastAd = 0;
/** An ad of its own for each test: what one test rendered is not another's. */
function newAd(changes: Partial<CampaignItem> = {}): CampaignItem {
  const ad = {
    id: `NL-2026-${String(++lastAd).padStart(4, "0")}-${Date.now().toString(36)}`,
    country: "NL",
    language: "nl",
    sponsorName: "Partij Élan Vooruit",
    version: 1,
    ...changes,
  } as CampaignItem;
  ads.set(ad.id, ad);
  return ad;
}

async function ask(path: string, headers: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  context.set(siteContext, { country: "nl", language: "nl", locale: "nl_nl" });
  const id = /political-ads\/([^/]+)\//.exec(path)![1];
  const answer = (await loader({
    request: new Request(`http://nl.localhost:3000${path}`, { headers }),
    params: { id },
    context,
  } as never)) as Response;
  return {
    status: answer.status,
    etag: answer.headers.get("ETag"),
    headers: answer.headers,
    body: Buffer.from(await answer.arrayBuffer()),
  };
}

beforeEach(() => {
  vi.mocked(labelSvgModule.labelSvg).mockClear();
});

describe("a label is rendered once and answered by ETag", () => {
  it("a repeat, any query string and If-None-Match cost no render: same strong ETag, 304 for a client that holds it", async () => {
    const ad = newAd();
    const first = await ask(`/nl/political-ads/${ad.id}/label.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("Content-Type")).toBe("image/png");
    expect(first.etag).toMatch(/^"[^"]+"$/);
    expect(renders()).toBe(1);

    for (const query of ["", "?v=2", "?zzz=1&utm_source=x", `?${"a".repeat(200)}`]) {
      const again = await ask(`/nl/political-ads/${ad.id}/label.png${query}`);
      expect(again.status, query).toBe(200);
      expect(again.etag, query).toBe(first.etag);
      expect(again.body.equals(first.body), query).toBe(true);
    }
    const held = await ask(`/nl/political-ads/${ad.id}/label.png?cachebuster=9`, { "If-None-Match": first.etag! });
    expect(held.status).toBe(304);
    expect(held.body).toHaveLength(0);
    expect(renders()).toBe(1);
  });

  it("the SVG is kept as well, apart from the PNG; a new version is a new label", async () => {
    const ad = newAd();
    const png = await ask(`/nl/political-ads/${ad.id}/label.png`);
    const svg = await ask(`/nl/political-ads/${ad.id}/label.svg`);
    await ask(`/nl/political-ads/${ad.id}/label.svg?x=1`);
    expect(svg.etag).not.toBe(png.etag);
    expect(renders()).toBe(2);

    ads.set(ad.id, { ...ad, version: 2, sponsorName: "Partij Élan Vooruit (Lijst 7)" });
    const corrected = await ask(`/nl/political-ads/${ad.id}/label.png`);
    expect(corrected.etag).not.toBe(png.etag);
    expect(renders()).toBe(3);
  });

  it("when too many renders wait, a visitor is refused at once (503, Retry-After, in the page's language) and gets the label later", async () => {
    const many = Array.from({ length: 24 }, () => newAd());
    const answers = await Promise.all(many.map((ad) => ask(`/nl/political-ads/${ad.id}/label.png`)));
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
    expect(refused[0].headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused[0].headers.get("Cache-Control")).toBe("no-store");
    expect(refused[0].body.toString()).toContain("Probeer het over");
    // A refusal keeps nothing: the same label, asked again, is rendered.
    const again = await ask(`/nl/political-ads/${many[answers.indexOf(refused[0])].id}/label.png`);
    expect(again.status).toBe(200);
  });
});
