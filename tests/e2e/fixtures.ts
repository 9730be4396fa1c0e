import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Page } from "@playwright/test";

export type Host = "nl" | "be";

/** Absolute URL on one of the two local hosts (nl.localhost, be.localhost). */
export function siteUrl(host: Host, path: string): string {
  return `http://${host}.localhost:${process.env.E2E_PORT}${path}`;
}

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe runs inside the page, which a page without JavaScript cannot do (its
 * timers never fire). There the current DOM (open <details> included) is
 * checked in a JavaScript-enabled copy: the same HTML, its scripts taken out,
 * written into a page of the same origin, so that it gets the same styles
 * and fonts. One copy page per browser (so per worker) and host, kept
 * between checks: a new context and renderer for each check cost more than
 * axe itself.
 */
const copyPages = new WeakMap<Browser, Map<string, Promise<Page>>>();

function copyPageFor(browser: Browser, origin: string): Promise<Page> {
  let byOrigin = copyPages.get(browser);
  if (!byOrigin) copyPages.set(browser, (byOrigin = new Map()));
  let copy = byOrigin.get(origin);
  if (!copy) {
    copy = (async () => {
      const context = await browser.newContext({ javaScriptEnabled: true });
      const target = await context.newPage();
      // A small document of the site's own origin: the copy's styles and fonts load as on the site.
      await target.goto(`${origin}/robots.txt`);
      return target;
    })();
    byOrigin.set(origin, copy);
  }
  return copy;
}

async function pageForAxe(page: Page): Promise<Page> {
  if (base.info().project.use.javaScriptEnabled !== false) return page;
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/gi, "");
  const target = await copyPageFor(page.context().browser()!, new URL(page.url()).origin);
  const viewport = page.viewportSize();
  if (viewport) await target.setViewportSize(viewport);
  await target.evaluate(
    (source) =>
      new Promise<void>((resolve) => {
        document.open(); // also drops every listener of the window, so the one below comes after
        document.write(source);
        document.close();
        const loaded = () => void document.fonts.ready.then(() => resolve());
        if (document.readyState === "complete") loaded();
        else window.addEventListener("load", loaded, { once: true });
      }),
    html,
  );
  return target;
}

/**
 * Asserts that the page has no WCAG 2.2 A/AA violations.
 *
 * axe runs as `axe.run` in the page ("legacy mode"): the default mode opens a
 * blank page after each analysis, for results of cross-origin frames, and the
 * site has none (its policy's default-src 'self' loads no other origin's
 * frame). Same rules, same nodes on our pages, half the CPU.
 */
export async function expectAxeClean(page: Page) {
  const target = await pageForAxe(page);
  const results = await new AxeBuilder({ page: target }).withTags(WCAG_TAGS).setLegacyMode().analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, "axe violations").toEqual([]);
}

/**
 * Resolves once React has taken the page over (`<html data-hydrated>`) and each
 * form is enhanced (`data-enhanced`), showing a first intent where the page
 * waits for one; at once on a page without React.
 */
export function reactHasTakenOver(page: Page) {
  // One polled function, so a page that reloads itself meanwhile is simply asked again.
  return page.waitForFunction(() => {
    if (!("__reactRouterContext" in window)) return true;
    if (!document.documentElement.hasAttribute("data-hydrated")) {
      // A public page starts React at the visitor's first intent: a touch says so, without moving anything.
      if (document.documentElement.dataset.intent === undefined) window.dispatchEvent(new Event("touchstart"));
      return false;
    }
    // A form is enhanced once its effects have run (app/components/use-public-form.tsx).
    return !document.querySelector(".app-public-form:not([data-enhanced])");
  });
}

/**
 * A public page React runs starts it at the visitor's first intent, a staff
 * page after its first paint (app/utils/hydrate-after-paint.server.ts). With
 * JavaScript, `goto`, `reload` and `goBack` show that intent and wait until
 * React has taken the page over (`<html data-hydrated>`) and each form is
 * enhanced (`data-enhanced`), as a visitor who starts using the page
 * would find them a moment later; a page without React needs no wait.
 */
function waitForReactAfterLoads(page: Page) {
  const reactRuns = () => reactHasTakenOver(page);
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

/**
 * A test that means something in one project only: declared so, the other
 * project never lists it, and so never builds a browser context and a page
 * only to skip it (about a second of CPU each; a skip inside the test comes
 * after its fixtures). The reason is kept as the test's annotation.
 * playwright.config.ts leaves out each project's other tag.
 */
export const onlyWithJavaScript = (why: string) => ({
  tag: "@js-only",
  annotation: { type: "js only", description: why },
});
export const onlyWithoutJavaScript = (why: string) => ({
  tag: "@no-js-only",
  annotation: { type: "no-js only", description: why },
});

/**
 * What the server answers — a status, a redirect, a header, a file, the HTML
 * of a page a test only reads — is the same whether the browser runs scripts
 * or not: checked once, as the visitor without them gets it. A test that
 * follows a link, sends a form, moves focus or reads what scripts change
 * runs in both projects.
 */
export const theServersAnswer = onlyWithoutJavaScript(
  "the server's answer, the same in both projects: checked once, as a visitor without scripts gets it",
);

/** How a page is laid out, in what colours, is its CSS: measured once, without JavaScript. */
export const layoutIsCss = onlyWithoutJavaScript("layout is CSS: measured once, without JavaScript");

/**
 * A long journey repeated for each locale runs each locale in one project,
 * the projects taking turns (turn 0 with JavaScript, 1 without, ...): every
 * locale and every project still walks it, at half the cost of all pairs.
 * A file offsets the turn from one journey to the next, so that each locale
 * meets both projects within the file.
 */
export const inTurn = (turn: number) => {
  const why = "a journey for each locale: the projects take turns over the locales";
  return turn % 2 === 0 ? onlyWithJavaScript(why) : onlyWithoutJavaScript(why);
};

export { expect };
