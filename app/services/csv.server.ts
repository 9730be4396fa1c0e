/**
 * Every CSV the product writes (the back office's exports, the register's
 * export): RFC 4180 with CRLF, and nothing a spreadsheet runs as a formula
 * (OWASP "CSV injection").
 *
 * A spreadsheet does not always split a line where we do: Excel under Dutch
 * and Belgian settings splits on ';', an import dialog may split on tab, a
 * careless tool ignores quotes and splits on ',' or line breaks. So both
 * rules hold for every such part of a field, not only for the field:
 *
 * - a field holding ',' ';' tab, '"', CR or LF is quoted (Excel then keeps
 *   it one cell, whatever its list separator);
 * - every part a spreadsheet could split a text into (after ',' ';' tab, CR
 *   or LF, and the text's start) that begins with '=' '+' '-' '@' tab or CR
 *   gets an apostrophe before it, which spreadsheets read as "this is text".
 *   Spaces and '"' in front of that character do not save it (an import may
 *   trim them), and the full-width ＝ ＋ － ＠ count too (Apple Numbers reads
 *   them as the ASCII ones, as csv-stringify's own `escape_formulas` knows).
 *
 * Only texts are changed: a number (a count, a bound) is written as it is, so
 * `-1` stays the number -1 (a number cannot carry a formula), and booleans as
 * `true`/`false`. What is changed is a visible apostrophe, never a lost
 * character; the JSON exports stay byte-faithful for machines.
 */
import { stringify } from "csv-stringify/sync";

export type CsvValue = string | number | boolean | null | undefined;

/** The start of a part (text start, or after a separator) whose first non-space, non-quote character starts a formula. */
const FORMULA_PART = /(?<=^|[,;\t\r\n])(?=[ "]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/gu;

/** Quoted: the separators of every locale, quotes and line breaks. */
const NEEDS_QUOTES = /[,;\t\r\n"]/;

/** A text with an apostrophe before every part a spreadsheet would run as a formula. */
export function spreadsheetSafe(text: string): string {
  return text.replace(FORMULA_PART, "'");
}

/** Rows (the header first) as CSV; `bom` puts the UTF-8 byte order mark first, so Excel reads the file as UTF-8. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>, options: { bom?: boolean } = {}): string {
  const csv = stringify(
    rows.map((row) => [...row]),
    {
      record_delimiter: "windows",
      quoted_match: NEEDS_QUOTES,
      cast: { string: (text) => spreadsheetSafe(text), boolean: (flag) => String(flag) },
    },
  );
  return options.bom ? `\uFEFF${csv}` : csv;
}
