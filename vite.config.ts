import { fileURLToPath } from "node:url";

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

// One id per build, the same in the browser and the server bundle (both are
// built in this process): the version file tells a page that a newer
// deployment is live (app/utils/version.ts).
const buildId = (process.env.BUILD_ID ??= new Date().toISOString().replace(/\D/g, "").slice(0, 14));

/**
 * In the browser bundle only, i18next and react-i18next are the app's own
 * small versions of what it uses (app/i18n/browser/): the texts are already
 * resolved by the server, and the full libraries were a tenth of every
 * page's JavaScript. The server renders with the real ones.
 */
function browserI18n(): Plugin {
  const shims: Record<string, string> = {
    i18next: fileURLToPath(new URL("./app/i18n/browser/i18next.ts", import.meta.url)),
    "react-i18next": fileURLToPath(new URL("./app/i18n/browser/react-i18next.ts", import.meta.url)),
  };
  return {
    name: "browser-i18n",
    enforce: "pre",
    resolveId(source) {
      return this.environment.config.consumer === "client" ? (shims[source] ?? null) : null;
    },
  };
}

/**
 * The browser bundle's shell: what every page that hydrates runs (React
 * Router, the layout, texts, the root's helpers) as one file instead of
 * twenty of a few hundred bytes each (22 → 10 files and 116 →
 * 109 KB as sent on the home page; on HTTP/1.1 a phone opens six
 * connections, so twenty files were four round trips). The static pages'
 * script is built apart (scripts/build-server.mjs) and is not affected.
 */
const SHELL = /[\\/]app[\\/](i18n|utils|components[\\/](layout|banner|page-title))[\\/]?/;
/**
 * Two more files every hydrating page loaded on their own: react-dom's
 * shared part (the client entry and the shell both need it) and Vite's
 * preload helper (2026-11-27: 10 → 8 files, 108.8 → 107.4 KB on the home page).
 */
const SHELL_DEPENDENCIES =
  /[\\/]node_modules[\\/]react-dom[\\/](index\.js|cjs[\\/]react-dom\.production\.js)$|^\0?vite[\\/]preload-helper/;

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shell",
                  test: (id: string) => SHELL.test(id) || SHELL_DEPENDENCIES.test(id),
                },
              ],
            },
          },
        },
  },
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  resolve: { tsconfigPaths: true },
  plugins: [browserI18n(), reactRouter()],
}));
