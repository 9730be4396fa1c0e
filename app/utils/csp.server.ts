import { createHash } from "node:crypto";
import helmet from "helmet";

/**
 * The Content-Security-Policy, one definition for helmet (every response)
 * and for documents (entry.server), which add the hashes of their own inline
 * scripts. Hashes instead of a per-response nonce keep a page the same for
 * every visitor, so it can be cached (docs/decisions/csp-hashes.md), and the
 * policy as strict: an injected script has no hash on the list.
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

/** 'sha256-…' of every inline script of a document, as the browser hashes its text. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(sha256(body));
  }
  return [...hashes];
}

/** 'sha256-…' of every `<style>` element of a document (the site's CSS is one). */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_STYLE)].map(([, body]) => sha256(body)))];
}

/** The policy of one document: its own inline scripts and styles, plus the analytics origin where it is switched on. */
export function documentCsp(html: string, thirdPartyOrigins: readonly string[] = []): string {
  return serializeCsp(cspDirectives(inlineScriptHashes(html), thirdPartyOrigins, inlineStyleHashes(html)));
}
