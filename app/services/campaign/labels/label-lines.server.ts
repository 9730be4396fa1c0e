/**
 * SVG has no line wrapping: the label breaks its texts into lines itself,
 * measured in the font the PNG is drawn with (label-font.server.ts). Nothing
 * is ever cut or replaced by an ellipsis: TTPA Art. 11 wants the sponsor's
 * whole identity on the label, so a text takes as many
 * lines as it needs and the label grows to hold them.
 */
import { labelFont, type LabelWeight } from "./label-font.server";

export type TextStyle = { size: number; weight: LabelWeight };

export const textWidth = (text: string, style: TextStyle) => labelFont(style.weight).width(text, style.size);

const fits = (text: string, style: TextStyle, width: number) => textWidth(text, style) <= width;

/** A word wider than a line, in pieces that each fit, every character kept. */
function breakWord(word: string, style: TextStyle, width: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const character of word) {
    if (piece && !fits(piece + character, style, width)) {
      pieces.push(piece);
      piece = character;
    } else piece += character;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

const piecesOf = (word: string, style: TextStyle, width: number) =>
  fits(word, style, width) ? [word] : breakWord(word, style, width);

/** Words on a line while it fits `width`. */
export function wrapWords(text: string, style: TextStyle, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next, style, width)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    const pieces = piecesOf(word, style, width);
    lines.push(...pieces.slice(0, -1));
    line = pieces[pieces.length - 1] ?? "";
  }
  if (line) lines.push(line);
  return lines;
}

/** An address split before its slashes, so a reader types it as printed. */
export function wrapAddress(address: string, style: TextStyle, width: number): string[] {
  const lines: string[] = [];
  for (const part of address.split(/(?=\/)/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && fits(last + part, style, width)) lines[lines.length - 1] = last + part;
    else lines.push(...piecesOf(part, style, width));
  }
  return lines;
}
