import { createHash, randomBytes } from "node:crypto";
import helmet from "helmet";

/**
 * The Content-Security-Policy, one definition for helmet (every response)
 * and for documents (entry.server), which add the hashes of their own inline
 * scripts. Hashes instead of a per-response nonce keep a page the same for
 * every visitor, so it can be cached (docs/decisions/003-cacheable-pages.md),
 * and the policy as strict: only the scripts React Router rendered, marked
 * during the render, are hashed (`takeMarkedScripts`), so an injected script
 * has no hash on the list.
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
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * A fresh, unguessable mark for one render (issue 23). entry.server hands it
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

/**
 * The document without its marks, and the 'sha256-…' of exactly the inline
 * scripts that carried the mark, as the browser hashes their text. Every
 * other inline script (one injected into the page) has no hash, so the
 * browser refuses it.
 */
export function takeMarkedScripts(html: string, mark: string): { html: string; scriptHashes: string[] } {
  const markAttribute = ` nonce="${mark}"`;
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (attributes.includes(markAttribute) && !/\bsrc\s*=/i.test(attributes)) hashes.add(sha256(body));
  }
  return { html: html.replaceAll(markAttribute, ""), scriptHashes: [...hashes] };
}

/** 'sha256-…' of every `<style>` element of a document (the site's CSS is one). */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_STYLE)].map(([, body]) => sha256(body)))];
}

/** The policy of one document: the hashes of its own inline scripts and styles, plus the analytics origin where it may run. */
export function documentCsp(html: string, scriptHashes: readonly string[], thirdPartyOrigins: readonly string[] = []): string {
  return serializeCsp(cspDirectives(scriptHashes, thirdPartyOrigins, inlineStyleHashes(html)));
}
