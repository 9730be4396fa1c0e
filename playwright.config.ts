import { mkdtempSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

/** A port nobody listens on; fixed once so that every worker sees the same. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), "veldhaven-e2e-"));
const port = Number(process.env.E2E_PORT);

/**
 * Chromium (new headless) opens its omnibox popups for every window, as web
 * pages of their own: two extra renderers for each test's new context, about
 * 40 % of a test's CPU. Chromium reads only the last
 * `--disable-features`, so Playwright's own list (its `chromiumSwitches`) is
 * repeated here: check it when Playwright is upgraded.
 */
const DISABLED_FEATURES = [
  // Playwright's, as of 1.65.
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
  // Ours.
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
];

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
      `--disable-features=${DISABLED_FEATURES.join(",")}`,
    ],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Limits that catch a hang, not a slow machine: CI's machine has run the suite at
  // 1.4 to 2.4 times this one's pace, and a sweep of every page of a locale took
  // 14 s here and over 30 s there. Speed is measured by `npm run bench`.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://nl.localhost:${port}`,
    // Recording a trace for every test (to keep it only on failure) cost a fifth of the
    // suite's time. A test that fails on CI runs again with a trace (retries: 1);
    // locally, `npm run test:e2e -- --trace retain-on-failure` records them all as before.
    trace: "on-first-retry",
  },
  projects: [
    // A test tagged for one project is not listed in the other (tests/e2e/fixtures.ts).
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: "npx tsx tests/setup/e2e-server.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_HOUR: "10000",
      PRIVACY_RATE_LIMIT_PER_HOUR: "10000",
      TARGET_LIMIT_PER_HOUR: "1000",
      TARGET_LIMIT_PER_DAY: "10000",
      // Two browsers and this server share two cores: a lagging event loop or a request
      // waiting its turn is the test machine's, not load to shed (tests/e2e/overload.spec.ts tests that).
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      OVERLOAD_MAX_QUEUE_MS: "0",
      MAIL_POLL_INTERVAL_MS: "200",
      // A marketing system's token for the suppression feed (back-office.spec.ts).
      SUPPRESSION_API_TOKENS: "e2e-marketing-system-token-0123456789abcdef",
    },
  },
});
