/**
 * What Playwright starts: the test DNS server, then the production build
 * pointed at it (DNS_SERVERS). Signals are passed on for a graceful stop.
 */
import { spawn } from "node:child_process";

import { startTestDnsServer } from "./test-dns-server";

const dns = await startTestDnsServer();
const server = spawn(process.execPath, ["build/server.js"], {
  stdio: "inherit",
  env: { ...process.env, DNS_SERVERS: dns.address },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", async (code) => {
  await dns.close();
  process.exit(code ?? 0);
});
