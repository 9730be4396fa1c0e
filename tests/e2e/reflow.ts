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
 * Ordinary words of the text a reader sees that were cut over two lines: up
 * to 8 letters in running text, up to 12 in headings (issue 38), without a
 * hyphen or slash to break at. A browser cuts a word only when it does not
 * fit on an empty line of its box (overflow-wrap), so a cut ordinary word
 * means the box left too little room: what too wide margins and paddings, or
 * too large headings, do to 200 % text on a narrow phone. A heading may
 * hyphenate a longer word where the browser has the language's dictionary
 * (this test's Chromium has none for Dutch or French). Data tables' cells are
 * left out: their columns share the width by design (WCAG 1.4.10 excepts
 * two-dimensional tables).
 */
export async function ordinaryWordsCut(page: Page, within = "main"): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    const root = document.querySelector(selector);
    if (!root) return [`nothing matches ${selector}`];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest("th, td, .app-visually-hidden, .app-honeypot")) continue;
      // A heading's word is counted in letters, punctuation aside ("aanvraag?" is 8).
      const heading = parent.closest("h1, h2, h3") !== null;
      for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
        const length = heading ? word[0].replace(/[^\p{L}\p{N}]/gu, "").length : word[0].length;
        if (length > (heading ? 12 : 8) || /[-/]/.test(word[0])) continue;
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) cut.push(`"${word[0]}" in ${parent.tagName.toLowerCase()}.${parent.className}`);
      }
    }
    return cut;
  }, within);
}
