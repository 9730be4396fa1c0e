import type { Page } from "@playwright/test";

/** Reflow checks (WCAG 1.4.10 with 1.4.4) shared by the specs that measure pages at 320 px and 200 % text. */

/** The browser's default font size (Settings → Appearance → Font size), as layout-reflow.spec.ts sets it. */
export async function setTextSize(page: Page, scale: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Page.setFontSizes", { fontSizes: { standard: 16 * scale, fixed: Math.round(13 * scale) } });
}

export async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return `${document.documentElement.scrollWidth} px wide: ${culprits.join(", ")}`;
  });
}

/**
 * Names that come from data rather than the site's texts, not hyphenated
 * yet: the phone directory's brands, the ads' sponsors (the register's data, in the register's summary charts
 * too, whose fixed columns still break anywhere) and the search's hits
 * (the index's plain texts).
 */
const DATA_NAMES =
  ".app-chart, .app-phone__brand, .app-campaign-card__title, .app-ad-detail__kicker + h1, .app-search-result__title, .app-search-result__snippet, .app-field__chosen li";

/**
 * Words of the text a reader sees that were cut over two lines anywhere but
 * at a soft hyphen (U+00AD, where the browser shows a hyphen), after a
 * hyphen or dash, or after a slash. The server puts soft hyphens at the
 * syllables of long words (hyphenation.server.ts), so a word that still
 * breaks elsewhere was squeezed: a box too narrow for one syllable
 * (`overflow-wrap: anywhere` in a table or a flex row), a heading kept
 * small, or a word that came without hyphens. E-mail and web addresses may
 * break anywhere, and so may numbers and codes with digits in them (a
 * reference, a system's id such as "crm-2"): they have no syllables to break at. Table cells count too: a table too wide for its place
 * scrolls in its region instead of cutting its words.
 */
export async function ordinaryWordsCut(page: Page, within = "main", skip = DATA_NAMES): Promise<string[]> {
  return page.evaluate(
    ([selector, skipped]) => {
      const cut: string[] = [];
      const root = document.querySelector(selector);
      if (!root) return [`nothing matches ${selector}`];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      const lines = (node: Node, start: number, end: number) => {
        range.setStart(node, start);
        range.setEnd(node, end);
        return new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)),
        ).size;
      };
      // The line a letter is on (its own box: a range at a line's start also holds the hyphen ending the line before).
      const lineOf = (node: Node, at: number) => {
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return Math.round([...range.getClientRects()].filter((rect) => rect.width > 0).at(-1)?.bottom ?? -1);
      };
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(`.app-visually-hidden, .app-honeypot, ${skipped}`)) continue;
        for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
          if (
            /@|:\/\/|www\./.test(word[0]) ||
            !/\p{L}/u.test(word[0]) ||
            /\d/.test(word[0]) ||
            lines(node, word.index, word.index + word[0].length) < 2
          )
            continue;
          // The pieces between the allowed breaks must each stay on one line: their first and last letters on the same one.
          let start = word.index;
          for (const piece of word[0].split(/(?<=[\u00AD\-\u2013\u2014/])/)) {
            const letters = piece.replace(/[\u00AD\-\u2013\u2014/]$/, "").length;
            if (letters > 1 && lineOf(node, start) !== lineOf(node, start + letters - 1)) {
              cut.push(`"${word[0].replaceAll("\u00AD", "·")}" in ${parent.tagName.toLowerCase()}.${parent.className}`);
              break;
            }
            start += piece.length;
          }
        }
      }
      return cut;
    },
    [within, skip],
  );
}

/**
 * The page as it is, read on a 320 px phone with text at 200 % (WCAG 1.4.10
 * with 1.4.4): nothing sticks out sideways. The page keeps that size after.
 */
export async function overflowOnPhoneAt200(page: Page): Promise<string | null> {
  await page.setViewportSize({ width: 320, height: 640 });
  await setTextSize(page, 2);
  return horizontalOverflow(page);
}
