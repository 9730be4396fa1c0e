const VERSION_PATH = "/version.json";
const RELOADED_FOR = "reloaded-for-version";

/**
 * Spec 4: after an error page, a new deployment makes the page reload, so a
 * visitor whose page belongs to the previous one (a route module that no
 * longer exists, a copy kept by a cache) gets the new site instead of
 * staying on the error. Once per deployment: if the reload still shows an
 * error, it stays. Shared by the pages React runs and those it does not.
 */
export function reloadOnNewVersion(ownBuild: string, signal?: AbortSignal): void {
  fetch(VERSION_PATH, { cache: "no-store", signal })
    .then((response) => (response.ok ? (response.json() as Promise<{ version?: unknown }>) : null))
    .then((body) => {
      const live = typeof body?.version === "string" ? body.version : null;
      if (!live || live === ownBuild || sessionStorage.getItem(RELOADED_FOR) === live) return;
      sessionStorage.setItem(RELOADED_FOR, live);
      window.location.reload();
    })
    .catch(() => {
      // Offline or aborted: nothing to compare with.
    });
}
