/**
 * Soft hyphens (U+00AD) at the syllables of long words, from the language's
 * TeX patterns (the hyphen package). A browser breaks a word there, with a
 * visible hyphen, only when the word does not fit its line; `hyphens: auto`
 * alone needs a dictionary the browser may not have (Chromium on Linux has
 * none), and then cuts a word anywhere. Server only: the Dutch patterns
 * are 230 KB, and the browser gets the texts already hyphenated (the page
 * texts' bundles, translations.server.ts).
 */
import createHyphenator from "hyphen";
import french from "hyphen/patterns/fr";
import dutch from "hyphen/patterns/nl";

/**
 * Words the patterns leave whole, or break too near their start, that a
 * heading at 200 % text on a phone cannot hold on one line ("Connexion" is
 * the staff sign-in's title). Hyphens mark the syllables.
 */
const FRENCH_EXCEPTIONS = ["con-nexion", "adres-se", "con-cours"];
const DUTCH_EXCEPTIONS = ["live-streams"];

/**
 * Words shorter than this stay whole. A heading at 200 % text on a 320 px
 * phone holds about seven bold letters a line, so a word of seven letters
 * may already need its syllables.
 */
const MIN_WORD_LENGTH = 7;

/** Made once: hyphen copies its options' exceptions into its caches on every call that passes them. */
const HYPHENATORS: Record<string, (text: string) => string> = {
  nl: createHyphenator(dutch, { minWordLength: MIN_WORD_LENGTH, html: false, exceptions: DUTCH_EXCEPTIONS }),
  fr: createHyphenator(french, { minWordLength: MIN_WORD_LENGTH, html: false, exceptions: FRENCH_EXCEPTIONS }),
};

/**
 * What is never hyphenated: i18next's placeholders and nestings (their names
 * are keys), markup (Trans components' tags), and e-mail and web addresses
 * (copied and typed by readers; they break anywhere by CSS instead).
 */
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|[^\s<>]*(?:@|:\/\/|www\.)[^\s<>]*)/;

/** `text` with soft hyphens in its long words, for `language` ("nl", "fr"); other languages unchanged. */
export function hyphenated(text: string, language: string): string {
  const hyphenate = Object.hasOwn(HYPHENATORS, language) ? HYPHENATORS[language] : undefined;
  if (!hyphenate) return text;
  return text
    .split(KEPT)
    .map((part, index) => (index % 2 === 1 || part === "" ? part : hyphenate(part)))
    .join("");
}

/** Each text of a fixed set (brand names, the steps of a guide) `hyphenated`; the keys stay. */
export function hyphenatedTexts<Texts extends Record<string, string | string[]>>(
  texts: Texts,
  language: string,
): Texts {
  return Object.fromEntries(
    Object.entries(texts).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map((text) => hyphenated(text, language)) : hyphenated(value, language),
    ]),
  ) as Texts;
}
