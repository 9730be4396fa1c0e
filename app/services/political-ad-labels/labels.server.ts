/**
 * Issue 27, item 2: an ad's print label (SVG or PNG) pointing at its
 * notice's permanent address, which always shows the current version and
 * its history, and all labels of a campaign period in one ZIP for the
 * print desk.
 */
import { zipSync } from "fflate";
import type { Db } from "~/db/db.server";
import { noticePath, type CampaignItem } from "~/domain/campaign-item";
import type { Country } from "~/domain/country";
import { listCampaigns } from "../campaigns.server";
import { labelPng } from "./label-png.server";
import { labelSvg } from "./label-svg.server";

export type LabelFormat = "svg" | "png";

/** The absolute address the label prints and encodes. */
const noticeUrl = (item: CampaignItem, origin: string) => `${origin}${noticePath(item.language, item.id)}`;

export function adLabel(item: CampaignItem, origin: string, format: LabelFormat): Buffer {
  const svg = labelSvg(item, noticeUrl(item, origin));
  return format === "svg" ? Buffer.from(svg, "utf8") : labelPng(svg);
}

/** A ZIP of more labels than this is refused: a campaign period of a national election is well under it. */
export const LABELS_PER_ZIP = 300;

export type LabelsCheck = { ok: true; items: CampaignItem[] } | { ok: false; problem: "none" | "tooMany"; count: number };

/** The ads whose publication overlaps [from, to] (ISO days), or why there is no ZIP to make of them. */
export async function labelsInPeriod(db: Db, country: Country, from: string, to: string): Promise<LabelsCheck> {
  const items = (await listCampaigns(db, { country, period: "ALL", channel: "ALL", text: "" })).filter(
    (item) => item.publicationStartDate <= to && (!item.publicationEndDate || item.publicationEndDate >= from),
  );
  if (items.length === 0) return { ok: false, problem: "none", count: 0 };
  if (items.length > LABELS_PER_ZIP) return { ok: false, problem: "tooMany", count: items.length };
  return { ok: true, items };
}

/** An SVG and a PNG label for each ad. */
export function labelsZip(items: readonly CampaignItem[], origin: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const item of items) {
    files[`label-${item.id}.svg`] = adLabel(item, origin, "svg");
    files[`label-${item.id}.png`] = adLabel(item, origin, "png");
  }
  // PNGs are compressed already; the SVGs shrink well.
  return zipSync(files, { level: 6 });
}
