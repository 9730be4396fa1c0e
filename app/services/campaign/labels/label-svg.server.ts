/**
 * The label printed with a political ad (TTPA Art. 11;
 * Implementing Regulation (EU) 2025/1410, Annex I: the statement that it is
 * political advertising, the sponsor's identity, and the way to the
 * transparency notice): a 90 mm wide SVG with the statement, the sponsor,
 * the notice's address as text and as a QR code (the `qrcode` package's
 * matrix, drawn as one path). In the ad's language, whatever page asks.
 * 40 mm high, taller when the texts beside the code need it (a sponsor's
 * name of up to 200 characters is printed whole).
 */
import QRCode from "qrcode";

import type { CampaignItem } from "~/domain/campaign-item";
import { parseCountry } from "~/domain/country";
import { resolveLocale, type Locale } from "~/i18n/locale";
import { messageText } from "~/i18n/server-texts.server";
import { escapeHtml } from "~/utils/escape-html";

import { LABEL_FONT, labelFont } from "./label-font.server";
import { textWidth, wrapAddress, wrapWords, type TextStyle } from "./label-lines.server";

/** The drawing's units: 10 to the millimetre. */
const WIDTH = 900;
const BASE_HEIGHT = 400;
const QR_SIZE = 340;
const MARGIN = 30;
const TEXT_X = MARGIN;
const TEXT_WIDTH = WIDTH - QR_SIZE - 3 * MARGIN;
const LEADING = 1.25;

const STATEMENT: TextStyle = { size: 48, weight: "bold" };
/** A sponsor's name in up to three lines keeps the label at 40 mm; a longer one is set smaller, in as many lines as it takes. */
const SPONSOR: TextStyle = { size: 30, weight: "regular" };
const LONG_SPONSOR: TextStyle = { size: 24, weight: "regular" };
const SPONSOR_LINES_AT_FULL_SIZE = 3;
const MORE: TextStyle = { size: 22, weight: "regular" };
const ADDRESS: TextStyle = { size: 22, weight: "bold" };

function qrPath(url: string): { path: string; modules: number } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++)
      if (modules.get(row, column)) path += `M${column} ${row}h1v1h-1z`;
  }
  return { path, modules: modules.size };
}

/** The locale whose texts the label takes: the ad's language in the ad's country. */
const labelLocale = (item: CampaignItem): Locale => resolveLocale(item.language, parseCountry(item.country) ?? "nl");

/** The statement on one line: a translation longer than the column ("Publicité politique") is set a little smaller. */
function statementStyle(statement: string): TextStyle {
  const width = textWidth(statement, STATEMENT);
  return width <= TEXT_WIDTH ? STATEMENT : { ...STATEMENT, size: Math.floor((STATEMENT.size * TEXT_WIDTH) / width) };
}

function sponsorLines(sponsor: string): { style: TextStyle; lines: string[] } {
  const lines = wrapWords(sponsor, SPONSOR, TEXT_WIDTH);
  if (lines.length <= SPONSOR_LINES_AT_FULL_SIZE) return { style: SPONSOR, lines };
  return { style: LONG_SPONSOR, lines: wrapWords(sponsor, LONG_SPONSOR, TEXT_WIDTH) };
}

type Block = { lines: string[]; style: TextStyle; y: number };

/** The text column's blocks, each's first baseline below the one before, and the height the label needs for them. */
function layOut(
  statement: string,
  sponsor: string,
  more: string,
  address: string,
): { blocks: Block[]; height: number } {
  const lineHeight = (style: TextStyle) => style.size * LEADING;
  const title: Block = { lines: [statement], style: statementStyle(statement), y: 80 };
  const named = sponsorLines(sponsor);
  const sponsorBlock: Block = { ...named, y: title.y + 20 + named.style.size };
  const moreBlock: Block = {
    lines: wrapWords(more, MORE, TEXT_WIDTH),
    style: MORE,
    y: sponsorBlock.y + named.lines.length * lineHeight(named.style) + 25,
  };
  const addressBlock: Block = {
    lines: wrapAddress(address, ADDRESS, TEXT_WIDTH),
    style: ADDRESS,
    y: moreBlock.y + moreBlock.lines.length * lineHeight(MORE),
  };
  const lastBaseline = addressBlock.y + (addressBlock.lines.length - 1) * lineHeight(ADDRESS);
  const bottom = lastBaseline + labelFont(ADDRESS.weight).descent * ADDRESS.size;
  return {
    blocks: [title, sponsorBlock, moreBlock, addressBlock],
    height: Math.max(BASE_HEIGHT, Math.ceil(bottom + MARGIN)),
  };
}

function drawBlock({ lines, style, y }: Block): string {
  const weight = style.weight === "bold" ? 700 : 400;
  return lines
    .map(
      (line, index) =>
        `<text x="${TEXT_X}" y="${y + index * style.size * LEADING}" font-size="${style.size}" font-weight="${weight}">${escapeHtml(line)}</text>`,
    )
    .join("");
}

export function labelSvg(item: CampaignItem, noticeUrl: string): string {
  const locale = labelLocale(item);
  const statement = messageText(locale, "politicalAds.label.statement");
  const sponsor = messageText(locale, "politicalAds.label.sponsor", { name: item.sponsorName });
  const shortUrl = noticeUrl.replace(/^https?:\/\//, "");
  const { blocks, height } = layOut(statement, sponsor, messageText(locale, "politicalAds.label.more"), shortUrl);
  const qr = qrPath(noticeUrl);
  // A quiet zone of 4 modules around the code, as the QR standard asks.
  const scale = QR_SIZE / (qr.modules + 8);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH / 10}mm" height="${height / 10}mm" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeHtml(`${statement}. ${sponsor}. ${shortUrl}`)}">`,
    `<title>${escapeHtml(`${statement}: ${item.sponsorName}`)}</title>`,
    `<rect x="4" y="4" width="${WIDTH - 8}" height="${height - 8}" fill="#fff" stroke="#000" stroke-width="8"/>`,
    `<g font-family="${LABEL_FONT}, Arial, Helvetica, sans-serif" fill="#000">`,
    ...blocks.map(drawBlock),
    "</g>",
    `<g transform="translate(${WIDTH - QR_SIZE - MARGIN} ${(height - QR_SIZE) / 2}) scale(${scale.toFixed(4)})">`,
    `<rect x="0" y="0" width="${qr.modules + 8}" height="${qr.modules + 8}" fill="#fff"/>`,
    `<path transform="translate(4 4)" d="${qr.path}" fill="#000" shape-rendering="crispEdges"/>`,
    "</g>",
    "</svg>",
  ].join("");
}
