import { createHash, randomBytes } from "node:crypto";

import helmet from "helmet";

/**
 * The Content-Security-Policy, one definition for helmet (every response)
 * and for documents (entry.server), which add the hashes of their own inline
 * scripts and styles. Hashes instead of a per-response nonce keep a page the
 * same for every visitor, so it can be cached
 * (docs/decisions/003-cacheable-pages.md), and the policy as strict: only the
 * scripts and styles React and React Router rendered, marked during the
 * render, are hashed (`takeMarkedInline`), so an injected one has no hash on
 * the list.
 */
export function cspDirectives(
  scriptHashes: readonly string[] = [],
  thirdPartyOrigins: readonly string[] = [],
  styleHashes: readonly string[] = [],
): Record<string, string[]> {
  const defaults = helmet.contentSecurityPolicy.getDefaultDirectives() as Record<string, Iterable<string>>;
  const directives: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(defaults)) directives[name] = [...values];
  // Only our own stylesheet and no web fonts (helmet's defaults allow any https: origin).
  directives["style-src"] = ["'self'", ...styleHashes];
  directives["font-src"] = ["'self'"];
  directives["script-src"] = ["'self'", ...thirdPartyOrigins, ...scriptHashes];
  // A switched-on analytics script loads from its origin and reports to it.
  if (thirdPartyOrigins.length) {
    directives["connect-src"] = ["'self'", ...thirdPartyOrigins];
    directives["img-src"] = [...directives["img-src"], ...thirdPartyOrigins];
  }
  // Served over plain http on *.localhost in the embedded default.
  delete directives["upgrade-insecure-requests"];
  return directives;
}

function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join(";");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b([^>]*)>([\s\S]*?)<\/style>/gi;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * A fresh, unguessable mark for one render. entry.server hands it
 * to React Router as its `nonce`, which React Router writes on every inline
 * script it emits (its context and data, the route-module import, scroll
 * restoration) and on nothing anybody else wrote: a script that reached the
 * page through content or data was made before the render and cannot carry
 * the mark. The policy never names it (no `'nonce-'` source): it only says
 * which scripts to hash, and is taken out of the page before it is sent.
 */
export function newScriptMark(): string {
  return randomBytes(18).toString("base64url");
}

/** What the page's policy lets run or apply inline: the hashes of the elements the render itself wrote. */
export type InlineHashes = { scriptHashes: string[]; styleHashes: string[] };

/**
 * The document without its marks, and the 'sha256-…' of exactly the inline
 * scripts and `<style>` elements that carried the mark, as the browser
 * hashes their text. Every other inline script or style (one injected into
 * the page through content or data) has no hash, so the browser refuses it
 * (styles are chosen as scripts are, not found by scanning the page).
 */
export function takeMarkedInline(html: string, mark: string): { html: string } & InlineHashes {
  const markAttribute = ` nonce="${mark}"`;
  const marked = (pattern: RegExp, skip: (attributes: string) => boolean = () => false) => [
    ...new Set(
      [...html.matchAll(pattern)]
        .filter(([, attributes]) => attributes.includes(markAttribute) && !skip(attributes))
        .map(([, , body]) => sha256(body)),
    ),
  ];
  return {
    html: html.replaceAll(markAttribute, ""),
    scriptHashes: marked(INLINE_SCRIPT, (attributes) => /\bsrc\s*=/i.test(attributes)),
    styleHashes: marked(INLINE_STYLE),
  };
}

/** The policy of one document: the hashes of its own inline scripts and styles, plus the analytics origin where it may run. */
export function documentCsp(
  { scriptHashes, styleHashes }: InlineHashes,
  thirdPartyOrigins: readonly string[] = [],
): string {
  return serializeCsp(cspDirectives(scriptHashes, thirdPartyOrigins, styleHashes));
}
