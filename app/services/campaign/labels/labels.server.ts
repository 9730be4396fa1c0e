/**
 * An ad's print label (SVG or PNG) pointing at its
 * notice's permanent address, which always shows the current version and
 * its history, and all labels of a campaign period in one ZIP for the
 * print desk. Each label is rendered once and kept (label-store.server.ts).
 */
import { zipSync } from "fflate";

import type { Db } from "~/db/db.server";
import { noticePath, type CampaignItem } from "~/domain/campaign-item";
import type { Country } from "~/domain/country";
import { metrics } from "~/utils/metrics.server";

import { listCampaigns } from "../register.server";
import { labelPng, LabelRendersBusy } from "./label-png.server";
import { keptLabel, type LabelFile } from "./label-store.server";
import { labelSvg } from "./label-svg.server";

export { LabelRendersBusy } from "./label-png.server";
export type LabelFormat = "svg" | "png";

/** The absolute address the label prints and encodes. */
const noticeUrl = (item: CampaignItem, origin: string) => `${origin}${noticePath(item.language, item.id)}`;

/**
 * Everything a label shows follows from these (the sponsor too, though a new
 * one is a new version). `origin` is the site's public origin (publicOrigin:
 * never a port a client chose), so a forged Host header is no new render.
 */
const labelKey = (item: CampaignItem, origin: string, format: LabelFormat) =>
  JSON.stringify([format, origin, item.country, item.id, item.version, item.language, item.sponsorName]);

/**
 * The label, from the store or rendered now. `queueLimit`: how many PNG
 * renders may wait before this one is refused with `LabelRendersBusy`.
 */
export async function adLabel(
  item: CampaignItem,
  origin: string,
  format: LabelFormat,
  { queueLimit = Number.POSITIVE_INFINITY } = {},
): Promise<LabelFile> {
  return keptLabel(labelKey(item, origin, format), async () => {
    const draw = () => labelSvg(item, noticeUrl(item, origin));
    try {
      const body = format === "svg" ? Buffer.from(draw(), "utf8") : await labelPng(draw, { queueLimit });
      metrics().labelRenders.inc({ format, result: "rendered" });
      return body;
    } catch (error) {
      if (error instanceof LabelRendersBusy) metrics().labelRenders.inc({ format, result: "refused" });
      throw error;
    }
  });
}

/** A ZIP of more labels than this is refused: a campaign period of a national election is well under it. */
export const LABELS_PER_ZIP = 300;

export type LabelsCheck =
  { ok: true; items: CampaignItem[] } | { ok: false; problem: "none" | "tooMany"; count: number };

/** The ads whose publication overlaps [from, to] (ISO days), or why there is no ZIP to make of them. */
export async function labelsInPeriod(db: Db, country: Country, from: string, to: string): Promise<LabelsCheck> {
  const items = (await listCampaigns(db, { country, period: "ALL", channel: "ALL", text: "" })).filter(
    (item) => item.publicationStartDate <= to && (!item.publicationEndDate || item.publicationEndDate >= from),
  );
  if (items.length === 0) return { ok: false, problem: "none", count: 0 };
  if (items.length > LABELS_PER_ZIP) return { ok: false, problem: "tooMany", count: items.length };
  return { ok: true, items };
}

/**
 * A label for the print desk, which waits its turn however long the queue.
 * It may have joined a visitor's render of the same label that was refused;
 * asked again, it is a render of its own.
 */
async function waitedLabel(item: CampaignItem, origin: string, format: LabelFormat): Promise<Buffer> {
  try {
    return (await adLabel(item, origin, format)).body;
  } catch (error) {
    if (!(error instanceof LabelRendersBusy)) throw error;
    return (await adLabel(item, origin, format)).body;
  }
}

/** An SVG and a PNG label for each ad, one render at a time. */
export async function labelsZip(items: readonly CampaignItem[], origin: string): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const item of items) {
    files[`label-${item.id}.svg`] = await waitedLabel(item, origin, "svg");
    files[`label-${item.id}.png`] = await waitedLabel(item, origin, "png");
  }
  // PNGs are compressed already; the SVGs shrink well.
  return zipSync(files, { level: 6 });
}
