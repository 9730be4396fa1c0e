/**
 * How wide a line of text is in a TrueType font, read from the font file
 * itself (its `cmap`, `hmtx`, `hhea` and `head` tables): the same advances
 * the PNG renderer lays glyphs out with, so a label breaks its lines where
 * they really end instead of at a guessed average (an
 * estimate cut the sponsor's name, and put the French statement past its
 * column). Kerning and ligatures only ever narrow DejaVu's Latin text, so
 * the sum of advances is a width the drawn line stays within.
 */
import fs from "node:fs";

export type FontAdvances = {
  /** Width of `text` at `fontSize`, in the units of the font size. */
  width: (text: string, fontSize: number) => number;
  /** How far glyphs reach above and below the baseline, per unit of font size. */
  ascent: number;
  descent: number;
};

function tableOffsets(font: Buffer): Map<string, number> {
  const tables = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + 16 * index;
    tables.set(font.toString("latin1", record, record + 4), font.readUInt32BE(record + 8));
  }
  return tables;
}

/** Code point → glyph, from the Unicode full-repertoire subtable (format 12), which DejaVu carries. */
function glyphsByCodePoint(font: Buffer, cmap: number): Map<number, number> {
  const subtables = font.readUInt16BE(cmap + 2);
  for (let index = 0; index < subtables; index++) {
    const record = cmap + 4 + 8 * index;
    const subtable = cmap + font.readUInt32BE(record + 4);
    if (font.readUInt16BE(subtable) !== 12) continue;
    const glyphs = new Map<number, number>();
    const groups = font.readUInt32BE(subtable + 12);
    for (let group = 0; group < groups; group++) {
      const at = subtable + 16 + 12 * group;
      const [first, last, firstGlyph] = [font.readUInt32BE(at), font.readUInt32BE(at + 4), font.readUInt32BE(at + 8)];
      for (let codePoint = first; codePoint <= last; codePoint++) glyphs.set(codePoint, firstGlyph + codePoint - first);
    }
    return glyphs;
  }
  throw new Error("The label font has no Unicode (format 12) character map.");
}

export function readFontAdvances(file: string): FontAdvances {
  const font = fs.readFileSync(file);
  const tables = tableOffsets(font);
  const [head, hhea, hmtx, cmap] = ["head", "hhea", "hmtx", "cmap"].map((tag) => tables.get(tag));
  if (head === undefined || hhea === undefined || hmtx === undefined || cmap === undefined)
    throw new Error(`${file} is not a TrueType font this reader knows.`);
  const unitsPerEm = font.readUInt16BE(head + 18);
  const metrics = font.readUInt16BE(hhea + 34);
  // Glyphs past the last metric share its advance (a monospaced tail).
  const advance = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, metrics - 1));
  const glyphs = glyphsByCodePoint(font, cmap);
  return {
    // A character the font lacks is drawn as glyph 0 (.notdef).
    width: (text, fontSize) => {
      let units = 0;
      for (const character of text) units += advance(glyphs.get(character.codePointAt(0)!) ?? 0);
      return (units / unitsPerEm) * fontSize;
    },
    ascent: font.readInt16BE(hhea + 4) / unitsPerEm,
    descent: -font.readInt16BE(hhea + 6) / unitsPerEm,
  };
}
