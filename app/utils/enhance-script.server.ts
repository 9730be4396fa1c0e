import fs from "node:fs";
import path from "node:path";

import { getConfig } from "~/config.server";

let built: string | undefined;

/**
 * Address of app/enhance/page.ts for pages without React: the fingerprinted
 * bundle of the production build (scripts/build-server.mjs), or the source
 * that Vite's development server compiles on request.
 */
export function enhanceScriptUrl(): string {
  if (!getConfig().isProduction) return "/app/enhance/page.ts";
  built ??= (JSON.parse(fs.readFileSync(path.resolve("build/enhance.json"), "utf8")) as { src: string }).src;
  return built;
}
