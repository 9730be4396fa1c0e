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
