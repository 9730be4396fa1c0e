import { Marked, type Tokens } from "marked";
import { z } from "zod";

/** A heading of a document: the target of a table-of-contents link or search hit. */
export type DocumentSection = {
  id: string;
  title: string;
  level: 2 | 3;
  /** Plain text of the section up to the next heading (for search). */
  text: string;
};

const frontMatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(1).max(200),
  effective: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "effective must be a date YYYY-MM-DD"),
  summary: z.string().min(1, "summary (what changed) is required").max(300),
  material: z.enum(["true", "false"], { message: "material must be true or false" }).transform((v) => v === "true"),
});

const HEADING_ANCHOR = /\s*\{#([a-z0-9-]+)\}\s*$/;

export function parseFrontMatter(source: string, name: string) {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  if (!match) throw new Error(`${name}: missing front matter`);
  const fields = Object.fromEntries(
    match[1].split("\n").map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${name}: ${issue.path.join(".")}: ${issue.message}`);
  }
  return { meta: parsed.data, body: source.slice(match[0].length) };
}

function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`>#|]/g, " ")
    .replace(/-{3,}/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Renders a document; headings carry their explicit `{#id}` as `id`. */
export function renderDocument(source: string, name: string, tableLabel = "Tabel") {
  const { meta, body } = parseFrontMatter(source, name);
  const sections: DocumentSection[] = [];
  const ids = new Set<string>();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline: (t: Tokens.Generic[]) => string } }, token: Tokens.Heading) {
        const anchor = HEADING_ANCHOR.exec(token.text);
        if (token.depth === 1) throw new Error(`${name}: no h1 in documents (the page prints the title)`);
        if (!anchor) throw new Error(`${name}: heading without {#id}: ${token.text}`);
        const id = anchor[1];
        if (ids.has(id)) throw new Error(`${name}: duplicate heading id ${id}`);
        ids.add(id);
        const inline = this.parser.parseInline(token.tokens).replace(HEADING_ANCHOR, "");
        return `<h${token.depth} id="${id}" class="app-document__heading">${inline}</h${token.depth}>\n`;
      },
    },
    hooks: {
      // Wide tables scroll on their own instead of widening the page.
      postprocess: (html) =>
        html
          .replace(
            /<table>/g,
            `<div class="app-document__table" role="region" tabindex="0" aria-label="${tableLabel}"><table>`,
          )
          .replace(/<\/table>/g, "</table></div>"),
    },
  });

  // Sections: split the source at headings to keep the text under each one.
  const lines = body.split("\n");
  let current: DocumentSection | null = null;
  const buffer: string[] = [];
  const flush = () => {
    if (current) current.text = plainText(buffer.join("\n"));
    buffer.length = 0;
  };
  for (const line of lines) {
    const heading = /^(#{2,3})\s+(.*?)\s*\{#([a-z0-9-]+)\}\s*$/.exec(line);
    if (heading) {
      flush();
      current = {
        id: heading[3],
        title: plainText(heading[2]),
        level: heading[1].length as 2 | 3,
        text: "",
      };
      sections.push(current);
    } else {
      buffer.push(line);
    }
  }
  flush();

  const html = marked.parse(body, { async: false });
  return { meta, html, sections };
}
