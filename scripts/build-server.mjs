// Bundles server.ts (the HTTP entry) into build/server.js; packages stay external.
// Then the script of the pages without React.
import { writeFileSync } from "node:fs";
import { basename } from "node:path";

import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});

// The one script of the pages that do without React (app/enhance/page.ts),
// fingerprinted beside Vite's assets; the server reads its name from
// build/enhance.json.
const enhance = await build({
  entryPoints: ["app/enhance/page.ts"],
  outdir: "build/client/assets",
  entryNames: "enhance-[hash]",
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2022",
  metafile: true,
  logLevel: "warning",
});
const [output] = Object.keys(enhance.metafile.outputs).filter((file) => file.endsWith(".js"));
writeFileSync("build/enhance.json", JSON.stringify({ src: `/assets/${basename(output)}` }));
