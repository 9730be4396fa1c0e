import { useSyncExternalStore } from "react";

/** Nothing to listen to: once hydrated, a page stays hydrated. */
function subscribe(): () => void {
  return () => undefined;
}

/**
 * Whether the page's script runs: false on the server and while hydrating
 * (so the first render matches the server's HTML), true after that and in
 * every render in the browser from then on. What a page offers without
 * JavaScript (a link instead of a dialog, say) is what it renders while
 * this is false.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
