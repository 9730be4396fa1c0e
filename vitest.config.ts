import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    // Unit tests live beside the module they test (foo.server.ts and
    // foo.server.test.ts); tests/ keeps the end-to-end suite, fixtures and setup.
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    // Files and tests in a random order every run, so a test that leans on
    // another's leftovers fails; every run prints its seed ("Running tests
    // with seed …"), and `--sequence.seed=<n>` repeats that order.
    sequence: { shuffle: true },
    // Vitest's default on two cores is one worker, and the suite mostly waits
    // (PostgreSQL, scrypt, child servers): three files at a time took 210 s
    // against 361 s, the same tests passing.
    maxWorkers: 3,
  },
});
