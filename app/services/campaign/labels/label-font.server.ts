/**
 * The label's font: DejaVu Sans (free licence, from the `dejavu-fonts-ttf`
 * package), the only font the PNG is rendered with (no system fonts, so the
 * picture is the same on every machine), and what a printer's SVG asks for
 * first. Its widths lay out the lines of the SVG.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { readFontAdvances, type FontAdvances } from "./font-advances.server";

export const LABEL_FONT = "DejaVu Sans";

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");

export const LABEL_FONT_FILES = { regular: path.join(fontDir, "DejaVuSans.ttf"), bold: path.join(fontDir, "DejaVuSans-Bold.ttf") };

export type LabelWeight = "regular" | "bold";

const advances = new Map<LabelWeight, FontAdvances>();

/** The font's measures in a weight, read from its file on first use. */
export function labelFont(weight: LabelWeight): FontAdvances {
  let found = advances.get(weight);
  if (!found) {
    found = readFontAdvances(LABEL_FONT_FILES[weight]);
    advances.set(weight, found);
  }
  return found;
}
