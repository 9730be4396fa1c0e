import { useEffect } from "react";

declare const __BUILD_ID__: string | undefined;

/** The deployment this code belongs to (vite.config.ts; "development" where nothing set it). */
export const BUILD_ID: string = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "development";

export const VERSION_PATH = "/version.json";
const RELOADED_FOR = "reloaded-for-version";

/**
 * Spec 4: after an error page, a new deployment makes the page reload, so a
 * visitor whose scripts belong to the previous one (a route module that no
 * longer exists) gets the new site instead of staying on the error. Once per
 * deployment: if the reload still shows an error, it stays.
 */
export function useReloadOnNewVersion() {
  useEffect(() => {
    const controller = new AbortController();
    fetch(VERSION_PATH, { cache: "no-store", signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<{ version?: unknown }>) : null))
      .then((body) => {
        const live = typeof body?.version === "string" ? body.version : null;
        if (!live || live === BUILD_ID || sessionStorage.getItem(RELOADED_FOR) === live) return;
        sessionStorage.setItem(RELOADED_FOR, live);
        window.location.reload();
      })
      .catch(() => {
        // Offline or aborted: nothing to compare with.
      });
    return () => controller.abort();
  }, []);
}
