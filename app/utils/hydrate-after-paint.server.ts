/**
 * React Router starts a page's hydration from the HTML: a module preload
 * for each of its 17–20 scripts and an inline module that imports the
 * route modules, all fetched while the page is parsed. The page is complete
 * without them (all CSS is in it, every form posts without JavaScript), so
 * they wait until it has been painted: the inline module asks for them
 * after the first frame, preloads included (and the page's texts,
 * app/i18n/texts-store.ts), and React takes the page over from there. On a slow phone the first paint no longer shares the network
 * and the main thread with 120 KB of script (decision 003).
 *
 * The rewrite recognises the shape React Router 7 writes; anything else is
 * left as it is, so an upgrade that changes it costs speed, not function.
 *
 * The render's mark (React Router's `nonce`, app/utils/csp.server.ts) may
 * sit on the preloads and the module; the rewritten module keeps it, so it is
 * still known as React Router's when the page's script hashes are taken.
 */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: nonce="[^"]*")?\/>/g;
const ROUTER_MODULE = /<script((?: nonce="[^"]*")?) type="module" async="">([\s\S]*?)<\/script>/;
const ROUTE_IMPORT = /^import \* as (route\d+) from "([^"]+)";$/gm;
// The route manifest, a module of its own with `routeDiscovery: "initial"`.
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/gm;

export function hydrateAfterFirstPaint(
  html: string,
  { waitForIntent = false }: { waitForIntent?: boolean } = {},
): string {
  const module = ROUTER_MODULE.exec(html);
  if (!module) return html;
  const [whole, markAttribute, body] = module;
  const imports = [...body.matchAll(ROUTE_IMPORT)];
  if (imports.length === 0) return html;
  const preloads = [...html.matchAll(PRELOAD)].map(([, href]) => href);
  const sideEffects = [...body.matchAll(SIDE_EFFECT_IMPORT)].map(([, url]) => url);
  const rest = body
    .replace(ROUTE_IMPORT, "")
    .replace(SIDE_EFFECT_IMPORT, "")
    .replace(/^[;\s]+/, "");
  const modules = [...imports.map(([, , url]) => url), ...sideEffects];
  const script =
    `const start = async () => {\n` +
    // One append for all the preloads: each append of its own costs a style pass (90 ms on a throttled phone).
    `const links = ${JSON.stringify(preloads)}.map((href) => Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n` +
    // The page's texts (entry.client.tsx), fetched beside its modules.
    `if (document.documentElement.dataset.texts) links.push(Object.assign(document.createElement("link"), { rel: "preload", as: "fetch", crossOrigin: "anonymous", href: document.documentElement.dataset.texts }));\n` +
    `document.head.append(...links);\n` +
    `const [${imports.map(([, name]) => name).join(", ")}] = await Promise.all([${modules.map((url) => `import(${JSON.stringify(url)})`).join(", ")}]);\n` +
    `${rest}};\n` +
    (waitForIntent ? START_AT_INTENT : START_AFTER_PAINT);
  return html
    .replace(PRELOAD, "")
    .replace(whole, () => `<script${markAttribute} type="module" async="">${script}</script>`);
}

/** A page opened in a background tab paints (and hydrates) when it is shown. */
const START_AFTER_PAINT = `if (document.visibilityState === "hidden") setTimeout(start, 0); else requestAnimationFrame(() => setTimeout(start, 0));`;

/**
 * A public page starts React at the visitor's first sign of using
 * it rather than reading it, and starts loading at the earliest one, so that
 * by the click it is usually there: a key, a press or a touch anywhere, focus
 * moving (also a form's error summary focused as the page loads), typing,
 * or the pointer over a control (a form, a button, a disclosure, a link that
 * React turns into a control: `data-starts-react`). Until then
 * app/enhance/page.ts serves it as it serves a page without React; links are
 * followed as links, and a form posts as plain HTML. The mark on <html> says
 * that the intent was shown (the end-to-end tests read it).
 */
const START_AT_INTENT = [
  `const intentEvents = ["keydown", "pointerdown", "touchstart", "focusin", "input"];`,
  `const overControl = (event) => { if (event.target instanceof Element && event.target.closest("form, button, select, summary, [data-starts-react]")) atIntent(); };`,
  `let intentShown = false;`,
  `const atIntent = () => { if (intentShown) return; intentShown = true; for (const name of intentEvents) window.removeEventListener(name, atIntent, true); window.removeEventListener("pointerover", overControl, true); document.documentElement.dataset.intent = ""; start(); };`,
  `for (const name of intentEvents) window.addEventListener(name, atIntent, { capture: true, passive: true });`,
  `window.addEventListener("pointerover", overControl, { capture: true, passive: true });`,
  `if (document.activeElement && document.activeElement !== document.body) atIntent();`,
].join("\n");
