import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { z } from "zod";

import { singleton } from "~/utils/singleton.server";

import { configVariables } from "./config-variables.server";

/**
 * Configuration is read once from the environment and validated at start.
 * A missing or malformed value stops the process with a message naming the
 * variable (see docs/configuration.md). Each variable's own rule is in
 * config-variables.server.ts; the rules between them are here.
 */
const configSchema = configVariables.superRefine((config, ctx) => {
  const oidc = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  const given = oidc.filter((name) => config[name]);
  if (given.length > 0 && given.length < oidc.length) {
    for (const name of oidc.filter((candidate) => !config[candidate])) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `is required with ${given.join(" and ")} (single sign-on needs all three)`,
      });
    }
  }
  if (config.DOCUMENTS_TODAY && !config.ALLOW_TEST_CLOCK) {
    ctx.addIssue({
      code: "custom",
      path: ["DOCUMENTS_TODAY"],
      message: "moves the documents' calendar and is for tests only: refused unless ALLOW_TEST_CLOCK=1",
    });
  }
  if (config.PROBE_PORT === config.PORT) {
    ctx.addIssue({ code: "custom", path: ["PROBE_PORT"], message: "must differ from PORT" });
  }
  if (config.HEADERS_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS) {
    ctx.addIssue({
      code: "custom",
      path: ["HEADERS_TIMEOUT_MS"],
      message: "must not be longer than REQUEST_TIMEOUT_MS",
    });
  }
  // A generated secret lives on one machine's disk; instances that share a
  // PostgreSQL database must share the secret, so it has to be given.
  if (config.DATABASE_URL && !config.SESSION_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["SESSION_SECRET"],
      message: "is required when DATABASE_URL is set (production)",
    });
  }
  // Files sealed with a key on one machine's disk could not be read by another instance.
  if (config.DATABASE_URL && !config.FILE_ENCRYPTION_KEY) {
    ctx.addIssue({
      code: "custom",
      path: ["FILE_ENCRYPTION_KEY"],
      message:
        "is required when DATABASE_URL is set (production): 64 hexadecimal characters, e.g. openssl rand -hex 32",
    });
  }
  // Without them a mail link would take the request's host.
  for (const [name, example] of [
    ["PUBLIC_ORIGIN_NL", "nl"],
    ["PUBLIC_ORIGIN_BE", "be"],
  ] as const) {
    if (config.DATABASE_URL && !config[name]) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `is required when DATABASE_URL is set (production): the origin of the links in our mail, e.g. https://privacy.veldhavenmedia.${example}`,
      });
    }
  }
});

export type RawConfig = z.infer<typeof configSchema>;

export type Config = RawConfig & {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  sessionSecret: string;
  /** AES-256 key of the stored files. */
  fileEncryptionKey: Buffer;
  isProduction: boolean;
  /** Session cookie `Secure`; "auto" follows each request's scheme (see cookieSecureFor). */
  cookieSecure: boolean | "auto";
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Validates an environment; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): RawConfig {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new ConfigError(problems);
}

/** A secret generated once into DATA_DIR (the embedded default): 32 random bytes, hex. */
function readOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function resolveConfig(raw: RawConfig): Config {
  const dataDir = path.resolve(raw.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    ...raw,
    dataDir,
    sessionSecret: raw.SESSION_SECRET ?? readOrCreateSecret(dataDir, "session-secret"),
    fileEncryptionKey: Buffer.from(
      raw.FILE_ENCRYPTION_KEY ?? readOrCreateSecret(dataDir, "file-encryption-key"),
      "hex",
    ),
    isProduction: raw.NODE_ENV === "production",
    cookieSecure: raw.COOKIE_SECURE === "auto" ? "auto" : raw.COOKIE_SECURE === "true",
    database: raw.DATABASE_URL
      ? { kind: "postgres", url: raw.DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, "app.sqlite") },
  };
}

const processConfig = singleton<Config>("config");

/** The validated configuration of this process (read once). */
export function getConfig(): Config {
  return processConfig.get(() => resolveConfig(parseConfig(process.env)));
}
