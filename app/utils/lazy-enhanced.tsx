import { Suspense, lazy, type ComponentType } from "react";

/** The server's loads of lazily enhanced components; the build's `ready` (app/entry.server.tsx) waits for them. */
export const serverPreloads: Promise<unknown>[] = [];

/**
 * A component whose code is not among the scripts a page asks for at once
 * (issue 14), in a Suspense boundary of its own. The server renders it in
 * place, so the page works as plain HTML (a form posts) before its script
 * has come; in the browser React keeps the server's markup until the
 * module arrives, then takes it over. On the server the module is loaded
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
    Component = lazy(async () => ({ default: await load() }));
  }
  return function Enhanced(props: P) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  };
}
