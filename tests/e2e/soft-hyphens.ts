/**
 * The site's texts carry soft hyphens (U+00AD) at their long words'
 * syllables (app/i18n/hyphenation.server.ts): a browser breaks a word there,
 * with a visible hyphen, only when it does not fit its line, and a screen
 * reader reads the word whole. Playwright drops them when it compares a
 * string with a text, not when it runs a regular expression on it; and
 * textContent and innerText keep them. `readable` reads a text as a person
 * does; `soft` lets a regular expression match the text as the page holds it.
 */
const SOFT_HYPHEN = "\u00ad";

/** A page's text without its soft hyphens: what a reader sees (unbroken) and hears. */
export function readable(text: string): string {
  return text.replaceAll(SOFT_HYPHEN, "");
}

const QUANTIFIER = /^(?:[?*+]|\{\d+(?:,\d*)?\})\??/;

/**
 * `pattern` that also matches its words with a soft hyphen after any letter
 * (where the hyphenation may put one). Escapes, character classes and group
 * names are copied as they are; a letter's quantifier stays on the letter.
 */
export function soft(pattern: RegExp): RegExp {
  const source = pattern.source;
  let result = "";
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === "\\") {
      // \u00e9, \x41, \p{L}, \k<name>: the whole escape, letters included.
      const escape = /^\\(?:u\{[\da-f]+\}|u[\da-f]{4}|x[\da-f]{2}|[pPk](?:\{[^}]*\}|<[^>]*>)|.)/i.exec(
        source.slice(index),
      )![0];
      result += escape;
      index += escape.length - 1;
      continue;
    }
    if (
      !inClass &&
      source.startsWith("(?<", index) &&
      !source.startsWith("(?<=", index) &&
      !source.startsWith("(?<!", index)
    ) {
      const name = source.slice(index, source.indexOf(">", index) + 1);
      result += name;
      index += name.length - 1;
      continue;
    }
    if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    result += char;
    if (inClass || !/\p{L}/u.test(char)) continue;
    const quantifier = QUANTIFIER.exec(source.slice(index + 1))?.[0] ?? "";
    result += `${quantifier}\\u00ad?`;
    index += quantifier.length;
  }
  return new RegExp(result, pattern.flags);
}
