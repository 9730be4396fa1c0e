import { Suspense, lazy, type ComponentType } from "react";
import { useNavigationType } from "react-router";

/** The server's loads of lazily enhanced components; the build's `ready` (app/entry.server.tsx) waits for them. */
export const serverPreloads: Promise<unknown>[] = [];

let intent: Promise<void> | undefined;
let startNow = () => {};

/**
 * Resolves at the visitor's first sign of using the page rather than
 * reading it: a key, a tap, a click (also an assistive technology's, which
 * comes without pointer events), focus moving, the pointer over a form, or
 * a step back or forward in the history; at once for a page React shows
 * after a navigation in the browser (`startNow`). Until then a visitor who
 * only reads never downloads a form's code (issue 28: 45 KB of the home
 * page's 154).
 */
function firstIntent(): Promise<void> {
  // A public page starts React at the visitor's first intent (app/utils/hydrate-after-paint.server.ts): it was shown already.
  if (document.documentElement.dataset.intent !== undefined) intent ??= Promise.resolve();
  intent ??= new Promise<void>((resolve) => {
    const events = ["keydown", "pointerdown", "touchstart", "click", "focusin", "popstate"] as const;
    const overForm = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("form")) startNow();
    };
    startNow = () => {
      for (const name of events) window.removeEventListener(name, startNow, true);
      window.removeEventListener("pointerover", overForm, true);
      resolve();
    };
    for (const name of events) window.addEventListener(name, startNow, { capture: true, passive: true });
    window.addEventListener("pointerover", overForm, { capture: true, passive: true });
  });
  return intent;
}

/**
 * A component whose code is not among the scripts a page asks for at once
 * (issue 14), in a Suspense boundary of its own. The server renders it in
 * place, so the page works as plain HTML (a form posts) before its script
 * has come; in the browser React keeps the server's markup until the
 * visitor starts using the page (`firstIntent`) and the module arrives,
 * then takes it over. On the server the module is loaded
 * before the first request: a component that suspended there would be sent
 * apart from the page, shown only by a script, and missing without
 * JavaScript.
 */
export function lazyEnhanced<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Component: ComponentType<P>;
  if (import.meta.env.SSR) {
    let loaded: ComponentType<P> | undefined;
    serverPreloads.push(load().then((component) => (loaded = component)));
    Component = function ServerRendered(props: P) {
      if (!loaded) throw new Error("lazyEnhanced: rendered before the server's start() loaded it");
      const Loaded = loaded;
      return <Loaded {...props} />;
    };
  } else {
    Component = lazy(async () => {
      await firstIntent();
      return { default: await load() };
    });
  }
  return function Enhanced(props: P) {
    // The document's own page is a "POP"; a link or a redirect followed in
    // the browser ("PUSH", "REPLACE") shows a page with no server markup to
    // keep, so its form's code is wanted now (back and forward: `popstate`).
    const navigation = useNavigationType();
    if (!import.meta.env.SSR && navigation !== "POP") {
      void firstIntent();
      startNow();
    }
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}
