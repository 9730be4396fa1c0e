/**
 * The part of hyphen 1.14 the server uses (there is no @types/hyphen for
 * its entry points): a language's patterns, and the factory that makes a
 * synchronous hyphenator of them with its options set once.
 */
declare module "hyphen" {
  type HyphenOptions = { hyphenChar?: string; minWordLength?: number; exceptions?: string[]; html?: boolean };
  export default function createHyphenator(patterns: unknown, options?: HyphenOptions): (text: string) => string;
}

declare module "hyphen/patterns/nl" {
  const patterns: unknown;
  export default patterns;
}

declare module "hyphen/patterns/fr" {
  const patterns: unknown;
  export default patterns;
}
