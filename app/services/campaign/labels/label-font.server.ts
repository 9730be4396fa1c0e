/**
 * The label's font: DejaVu Sans (free licence), the only font the PNG is
 * rendered with (no system fonts, so the picture is the same on every
 * machine), and what a printer's SVG asks for first. Its widths lay out the
 * lines of the SVG. Its two files are kept in assets/fonts/ (with their
 * licence), not the 12 MB package of the whole family.
 */
import path from "node:path";

import { readFontAdvances, type FontAdvances } from "./font-advances.server";

export const LABEL_FONT = "DejaVu Sans";

// From the working directory, as build/ is: this module is bundled into build/server/ in production.
const fontDir = path.resolve("assets/fonts");

export const LABEL_FONT_FILES = {
  regular: path.join(fontDir, "DejaVuSans.ttf"),
  bold: path.join(fontDir, "DejaVuSans-Bold.ttf"),
};

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
