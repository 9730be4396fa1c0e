import type { Page } from "@playwright/test";

import { expect } from "./fixtures";

/** The focused element: visibly ringed, and not under the sticky header (WCAG 2.4.7, 2.4.11). */
export async function expectFocusShown(page: Page) {
  const focused = page.locator(":focus");
  await expect(focused).toBeInViewport();
  const header = (await page.locator(".app-header").boundingBox())!;
  expect((await focused.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  const ring = await focused.evaluate((element) => {
    const style = getComputedStyle(element);
    return { outline: style.outlineStyle, shadow: style.boxShadow };
  });
  expect(ring.outline !== "none" || ring.shadow !== "none", JSON.stringify(ring)).toBe(true);
}
