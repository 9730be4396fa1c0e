/**
 * The label as PNG, for layouts that take no SVG: rendered by resvg (a
 * maintained Rust SVG renderer, its Linux build shipped as an npm package)
 * at 300 dpi (90 mm = 1063 px), with DejaVu Sans (free licence, from the
 * `dejavu-fonts-ttf` package): no system fonts, so the picture is the same
 * on every machine.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { LABEL_FONT } from "./label-svg.server";

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
const FONT_FILES = [path.join(fontDir, "DejaVuSans.ttf"), path.join(fontDir, "DejaVuSans-Bold.ttf")];

export function labelPng(svg: string): Buffer {
  const rendered = new Resvg(svg, {
    fitTo: { mode: "width", value: 1063 },
    background: "#ffffff",
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: LABEL_FONT },
  }).render();
  return rendered.asPng();
}
