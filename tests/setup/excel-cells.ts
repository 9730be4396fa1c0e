/**
 * A CSV file's cells as Excel reads them when it opens the file:
 * split on the list separator of the machine's settings (',' in English,
 * ';' in Dutch and Belgian ones). A cell that starts with '"' is quoted up to
 * the lone closing '"' ('""' is one '"') and what follows it up to the
 * separator is added as it is; any other cell is taken literally, quotes and
 * all. CR, LF and CRLF outside quotes end a row.
 */
export function excelCells(text: string, delimiter: "," | ";" | "\t"): string[][] {
  const source = text.replace(/^\uFEFF/, "");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let cellStart = true;
  let index = 0;
  const endCell = () => {
    row.push(cell);
    cell = "";
    cellStart = true;
  };
  while (index < source.length) {
    const char = source[index];
    if (cellStart && char === '"') {
      index += 1;
      while (index < source.length) {
        if (source[index] === '"') {
          if (source[index + 1] !== '"') break;
          index += 1;
        }
        cell += source[index];
        index += 1;
      }
      index += 1;
      cellStart = false;
      continue;
    }
    cellStart = false;
    if (char === delimiter) {
      endCell();
    } else if (char === "\r" || char === "\n") {
      endCell();
      rows.push(row);
      row = [];
      if (char === "\r" && source[index + 1] === "\n") index += 1;
    } else {
      cell += char;
    }
    index += 1;
  }
  if (!cellStart || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/**
 * A cell a spreadsheet would run as a formula: it starts with '=', '+', '-',
 * '@' (or their full-width forms, which Apple Numbers reads as them), tab or
 * CR, also after spaces or quotes an import may trim.
 */
export const FORMULA_START = /^[ "]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
