import { useEffect } from "react";

import { reloadOnNewVersion } from "./version-check";

declare const __BUILD_ID__: string | undefined;

/** The deployment this code belongs to (vite.config.ts; "development" where nothing set it). */
export const BUILD_ID: string = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "development";

/** The check of ./version-check.ts on an error page React shows. */
export function useReloadOnNewVersion() {
  useEffect(() => {
    const controller = new AbortController();
    reloadOnNewVersion(BUILD_ID, controller.signal);
    return () => controller.abort();
  }, []);
}
