import { Lexer, type Token, type Tokens } from "marked";

import type { BlockKind } from "~/domain/document-comparison";

/** A paragraph-level piece of a document, as plain text: what a reader compares. */
export type DocumentBlock = {
  kind: BlockKind;
  /** 2 or 3 for a heading, 0 otherwise. */
  level: number;
  /** The heading's `{#id}` anchor, "" for other blocks. */
  id: string;
  text: string;
};

const HEADING_ANCHOR = /\s*\{#([a-z0-9-]+)\}\s*$/;
const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;

/** Soft hyphens (added for display) and runs of white space say nothing about the text. */
function normalised(text: string): string {
  return text
    .replace(/\u00ad/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Inline Markdown as the reader sees it: emphasis dropped, a link as its text, an image as its alt text. */
function inlineText(tokens: Token[] | undefined, fallback: string): string {
  if (!tokens) return fallback;
  return tokens
    .map((token) => {
      switch (token.type) {
        case "br":
          return " ";
        case "html":
          return "";
        case "strong":
        case "em":
        case "del":
        case "link":
        case "text":
          return inlineText((token as Tokens.Generic).tokens, (token as Tokens.Generic).text as string);
        default:
          return "text" in token && typeof token.text === "string" ? token.text : "";
      }
    })
    .join("");
}

function block(kind: BlockKind, text: string, level = 0, id = ""): DocumentBlock {
  return { kind, level, id, text: normalised(text) };
}

function listBlocks(list: Tokens.List): DocumentBlock[] {
  return list.items.flatMap((item) => {
    // An item's own text first, then the items of a list nested in it, each on its own.
    const own = item.tokens.filter((token) => token.type !== "list");
    const nested = item.tokens.filter((token): token is Tokens.List => token.type === "list");
    const text = own
      .map((token) => inlineText((token as Tokens.Generic).tokens, (token as Tokens.Generic).text ?? ""))
      .join(" ");
    return [block("item", text), ...nested.flatMap(listBlocks)];
  });
}

function tableBlocks(table: Tokens.Table): DocumentBlock[] {
  const row = (cells: Tokens.TableCell[]) =>
    block("row", cells.map((cell) => inlineText(cell.tokens, cell.text)).join(" | "));
  return [row(table.header), ...table.rows.map(row)];
}

function tokenBlocks(token: Token): DocumentBlock[] {
  switch (token.type) {
    case "heading": {
      const heading = token as Tokens.Heading;
      const anchor = HEADING_ANCHOR.exec(heading.text);
      const text = inlineText(heading.tokens, heading.text).replace(HEADING_ANCHOR, "");
      return [block("heading", text, heading.depth, anchor?.[1] ?? "")];
    }
    case "paragraph":
    case "code":
      return [
        block("paragraph", inlineText((token as Tokens.Generic).tokens, (token as Tokens.Generic).text as string)),
      ];
    case "list":
      return listBlocks(token as Tokens.List);
    case "table":
      return tableBlocks(token as Tokens.Table);
    case "blockquote":
      return (token as Tokens.Blockquote).tokens.flatMap(tokenBlocks);
    default:
      // Spaces, rules and raw HTML carry no text a reader compares.
      return [];
  }
}

/** The document's Markdown (front matter or not) as its headings, paragraphs, list items and table rows, in order. */
export function documentBlocks(markdown: string): DocumentBlock[] {
  const body = markdown.replace(/\r\n?/g, "\n").replace(FRONT_MATTER, "");
  return new Lexer({ gfm: true })
    .lex(body)
    .flatMap(tokenBlocks)
    .filter((item) => item.text !== "");
}
