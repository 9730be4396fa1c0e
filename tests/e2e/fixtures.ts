import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

export type Host = "nl" | "be";

/** Absolute URL on one of the two local hosts (nl.localhost, be.localhost). */
export function siteUrl(host: Host, path: string): string {
  return `http://${host}.localhost:${process.env.E2E_PORT}${path}`;
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe runs inside the page, which a page without JavaScript cannot do. There
 * the current DOM (open <details> included) is checked in a JavaScript-enabled
 * copy that loads the same HTML and CSS but none of the app's scripts.
 */
async function pageForAxe(page: Page): Promise<{ target: Page; dispose: () => Promise<void> }> {
  if (base.info().project.use.javaScriptEnabled !== false) {
    return { target: page, dispose: async () => {} };
  }
  const html = await page.content();
  const url = page.url();
  const context = await page.context().browser()!.newContext({
    javaScriptEnabled: true,
    viewport: page.viewportSize(),
  });
  await context.route("**/*", (route) => {
    const request = route.request();
    if (request.resourceType() === "script") return route.abort();
    if (request.url() === url && request.resourceType() === "document") {
      return route.fulfill({ body: html, contentType: "text/html; charset=utf-8" });
    }
    return route.continue();
  });
  const target = await context.newPage();
  await target.goto(url);
  return { target, dispose: () => context.close() };
}

/**
 * Asserts that the page has no WCAG 2.2 A/AA violations.
 *
 * axe runs as `axe.run` in the page ("legacy mode"): the default mode opens a
 * blank page after each analysis, for results of cross-origin frames, and the
 * site has none (its policy's default-src 'self' loads no other origin's
 * frame). Same rules, same nodes on our pages, half the CPU (issue 39).
 */
export async function expectAxeClean(page: Page) {
  const { target, dispose } = await pageForAxe(page);
  try {
    const results = await new AxeBuilder({ page: target }).withTags(WCAG_TAGS).setLegacyMode().analyze();
    const summary = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
    expect(summary, "axe violations").toEqual([]);
  } finally {
    await dispose();
  }
}

/**
 * A page React runs starts it after its first paint, so after the page's
 * load event (app/utils/hydrate-after-paint.server.ts). With JavaScript,
 * `goto`, `reload` and `goBack` also wait until React has taken the page
 * over (`<html data-hydrated>`) and, once focus moves into a form, each
 * form's code has come (`data-enhanced`), as a visitor who starts filling
 * it in would find them a moment later; a page without React needs no wait.
 */
function waitForReactAfterLoads(page: Page) {
  // One polled function, so a page that reloads itself meanwhile is simply asked again.
  const reactRuns = () =>
    page.waitForFunction(() => {
      if (!("__reactRouterContext" in window)) return true;
      if (!document.documentElement.hasAttribute("data-hydrated")) return false;
      // A form's code comes when the visitor starts using the page (app/utils/lazy-enhanced.tsx):
      // focus moving into the form says so, without moving the test's focus.
      const waiting = document.querySelector(".app-public-form:not([data-enhanced])");
      waiting?.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      return !waiting;
    });
  for (const method of ["goto", "reload", "goBack"] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    (page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const response = await original(...args);
      // A test that asks for the page before its scripts (waitUntil "commit" or "domcontentloaded") gets it so.
      const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === "object" && arg !== null);
      if (options?.waitUntil !== "commit" && options?.waitUntil !== "domcontentloaded") await reactRuns();
      return response;
    };
  }
}

/**
 * `javaScriptEnabled` (a built-in option) tells the "js" and "no-js" projects
 * apart. Every page a test opens fails the test when the browser refused
 * something under the content security policy (an inline style, a font from
 * elsewhere): what the policy blocks, visitors do not see.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) waitForReactAfterLoads(page);
    const refused: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await use(page);
    expect(refused, "content security policy violations").toEqual([]);
  },
});

export { expect };
