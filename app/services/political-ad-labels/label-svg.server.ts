/**
 * Issue 27, item 2: the label printed with a political ad (TTPA Art. 11;
 * Implementing Regulation (EU) 2025/1410, Annex I: the statement that it is
 * political advertising, the sponsor's identity, and the way to the
 * transparency notice): a 90 × 40 mm SVG with the statement, the sponsor,
 * the notice's address as text and as a QR code (the `qrcode` package's
 * matrix, drawn as one path). In the ad's language, whatever page asks.
 */
import QRCode from "qrcode";
import { messageText } from "~/i18n/server-texts.server";
import type { Locale } from "~/i18n/locale";
import type { CampaignItem } from "~/domain/campaign-item";

const WIDTH = 900;
const HEIGHT = 400;
const QR_SIZE = 340;
const TEXT_X = 30;
const TEXT_WIDTH = WIDTH - QR_SIZE - 3 * TEXT_X;
/** The font the PNG is rendered with (label-png.server.ts), and what a printer's SVG falls back to. */
export const LABEL_FONT = "DejaVu Sans";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * SVG has no line wrapping: words go on a line while an estimate of their
 * width fits (DejaVu Sans averages ~0.6 em per character); at most `lines`
 * lines, the last one cut with an ellipsis.
 */
function wrap(text: string, fontSize: number, lines: number): string[] {
  const perLine = Math.floor(TEXT_WIDTH / (fontSize * 0.6));
  const result: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) line = next;
    else {
      if (line) result.push(line);
      line = word.length > perLine ? `${word.slice(0, perLine - 1)}…` : word;
    }
  }
  if (line) result.push(line);
  if (result.length <= lines) return result;
  const kept = result.slice(0, lines);
  kept[lines - 1] = `${kept[lines - 1].slice(0, perLine - 1)}…`;
  return kept;
}

/** An address split before its slashes, so a reader types it as printed. */
function wrapUrl(url: string, fontSize: number): string[] {
  const perLine = Math.floor(TEXT_WIDTH / (fontSize * 0.6));
  const lines: string[] = [];
  for (const part of url.split(/(?=\/)/)) {
    if (lines.length && lines[lines.length - 1].length + part.length <= perLine) lines[lines.length - 1] += part;
    else lines.push(part);
  }
  return lines;
}

function qrPath(url: string): { path: string; modules: number } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) if (modules.get(row, column)) path += `M${column} ${row}h1v1h-1z`;
  }
  return { path, modules: modules.size };
}

/** The locale whose texts the label takes: the ad's language in the ad's country. */
const labelLocale = (item: CampaignItem): Locale => (item.country === "NL" ? "nl_nl" : item.language === "fr" ? "fr_be" : "nl_be");

export function labelSvg(item: CampaignItem, noticeUrl: string): string {
  const locale = labelLocale(item);
  const statement = messageText(locale, "politicalAds.label.statement");
  const sponsorLines = wrap(messageText(locale, "politicalAds.label.sponsor", { name: item.sponsorName }), 30, 3);
  const moreLines = wrap(messageText(locale, "politicalAds.label.more"), 22, 2);
  const shortUrl = noticeUrl.replace(/^https?:\/\//, "");
  const urlLines = wrapUrl(shortUrl, 22);
  const qr = qrPath(noticeUrl);
  // A quiet zone of 4 modules around the code, as the QR standard asks.
  const scale = QR_SIZE / (qr.modules + 8);
  const text = (lines: string[], y: number, size: number, weight = 400) =>
    lines.map((line, index) => `<text x="${TEXT_X}" y="${y + index * size * 1.25}" font-size="${size}" font-weight="${weight}">${escapeXml(line)}</text>`).join("");
  const sponsorY = 130;
  const moreY = sponsorY + sponsorLines.length * 37.5 + 25;
  const urlY = moreY + moreLines.length * 27.5;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="90mm" height="40mm" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(`${statement}. ${sponsorLines.join(" ")}. ${shortUrl}`)}">`,
    `<title>${escapeXml(`${statement}: ${item.sponsorName}`)}</title>`,
    `<rect x="4" y="4" width="${WIDTH - 8}" height="${HEIGHT - 8}" fill="#fff" stroke="#000" stroke-width="8"/>`,
    `<g font-family="${LABEL_FONT}, Arial, Helvetica, sans-serif" fill="#000">`,
    text([statement], 80, 48, 700),
    text(sponsorLines, sponsorY, 30),
    text(moreLines, moreY, 22),
    text(urlLines, urlY, 22, 700),
    "</g>",
    `<g transform="translate(${WIDTH - QR_SIZE - TEXT_X} ${(HEIGHT - QR_SIZE) / 2}) scale(${scale.toFixed(4)})">`,
    `<rect x="0" y="0" width="${qr.modules + 8}" height="${qr.modules + 8}" fill="#fff"/>`,
    `<path transform="translate(4 4)" d="${qr.path}" fill="#000" shape-rendering="crispEdges"/>`,
    "</g>",
    "</svg>",
  ].join("");
}
