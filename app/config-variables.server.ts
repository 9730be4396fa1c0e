/**
 * Every environment variable the app reads, each with its own rule and
 * default. The rules between variables, and reading them, are in config.server.ts.
 */
import { z } from "zod";

import { emptyAsUndefined, hostList, postgresUrl, publicOriginUrl, retrySeconds, smtpUrl } from "./config-values";

export const configVariables = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // A port of its own for /healthz and /readyz: a probe's new
  // connection then never queues behind visitors' connections.
  PROBE_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(emptyAsUndefined, postgresUrl.optional()),
  SESSION_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, "must be at least 32 characters").optional()),
  // The key that seals files of privacy requests (AES-256-GCM), 64 hex characters.
  FILE_ENCRYPTION_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters (32 bytes), e.g. openssl rand -hex 32")
      .optional(),
  ),
  // How long the link to a delivered answer, and its files, stay.
  DELIVERY_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Express "trust proxy": false, a number of proxy hops, or a list of
  // proxy addresses/subnets. Never "true": the client could then pick its
  // own IP (X-Forwarded-For) and dodge the rate limit.
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default("false")
      .refine((value) => value !== "true", "must be false, a hop count (e.g. 1) or proxy subnets, not true")
      .refine(
        (value) => value === "false" || /^\d{1,2}$/.test(value) || /^[\w.:/]+(,[\w.:/]+)*$/.test(value),
        "must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses/subnets",
      )
      .transform((value): false | number | string =>
        value === "false" ? false : /^\d+$/.test(value) ? Number(value) : value,
      ),
  ),
  COOKIE_SECURE: z.preprocess(
    emptyAsUndefined,
    z.enum(["auto", "true", "false"], { message: "must be auto, true or false" }).default("auto"),
  ),
  SMTP_URL: z.preprocess(emptyAsUndefined, smtpUrl.optional()),
  MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // Mail throughput: messages sent at once by this instance, and
  // the SMTP connections it keeps open for them.
  MAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(8),
  // How often the webhook worker looks for due deliveries (a new task wakes it at once).
  WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  WEBHOOK_RETRY_SECONDS: retrySeconds,
  // How long a worker's claim on a delivery holds without renewal: after a crash, the delivery is sent again this much later.
  WEBHOOK_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // How often a system whose receiver stopped answering is probed: its deliveries go out as soon as it answers again.
  WEBHOOK_PROBE_INTERVAL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  // Webhooks to loopback, private, link-local… addresses: only for local development and tests (the start warns).
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: z.preprocess(
    emptyAsUndefined,
    z
      .enum(["0", "1"], { message: "must be 1 (allow, for local development and tests) or 0" })
      .default("0")
      .transform((value) => value === "1"),
  ),
  // The day the documents take as today (YYYY-MM-DD), for tests of versions that take effect later;
  // refused at start unless ALLOW_TEST_CLOCK=1 (config.server.ts), so no site shows a moved calendar by mistake.
  DOCUMENTS_TODAY: z.preprocess(emptyAsUndefined, z.iso.date({ message: "must be a date YYYY-MM-DD" }).optional()),
  ALLOW_TEST_CLOCK: z.preprocess(
    emptyAsUndefined,
    z
      .enum(["0", "1"], { message: "must be 1 (tests only) or 0" })
      .default("0")
      .transform((value) => value === "1"),
  ),
  SMTP_POOL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(4),
  DNS_SERVERS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, "must be a comma-separated list of host[:port]")
      .optional(),
  ),
  EMAIL_DOMAIN_CHECK: z.preprocess(
    emptyAsUndefined,
    z
      .enum(["true", "false"], { message: "must be true or false" })
      .default("true")
      .transform((value) => value === "true"),
  ),
  EMAIL_DOMAIN_CHECK_CANARY: z
    .preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain name")
        .optional(),
    )
    .default("example.com"),
  // Submissions per hour from one client address (IPv6: its /64) and form:
  // high enough for an office or a carrier behind one address.
  RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
  // Privacy requests per hour from one address, per form and country.
  PRIVACY_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(200),
  // Verification mails to one address (or requests for one phone number):
  // nobody can flood someone else's mailbox.
  TARGET_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(3),
  TARGET_LIMIT_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(10),
  MAIL_FROM: z
    .preprocess(emptyAsUndefined, z.string().min(3).optional())
    .default("Veldhaven Media <no-reply@veldhavenmedia.com>"),
  CUSTOMER_SERVICE_EMAIL_NL: z
    .preprocess(emptyAsUndefined, z.email().optional())
    .default("klantenservice@veldhavenmedia.nl"),
  CUSTOMER_SERVICE_EMAIL_BE: z
    .preprocess(emptyAsUndefined, z.email().optional())
    .default("klantendienst@veldhavenmedia.be"),
  // Forms are small: 64 KB holds the longest form many times over, and
  // keeps a post with thousands of fields from reaching the parser.
  FORM_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
  JSON_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(1_000_000),
  // A client that sends headers or a body slowly (or not at all) does not
  // hold a connection for Node's default 300 s.
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  PRIVACY_TEAM_EMAIL_NL: z.preprocess(emptyAsUndefined, z.email().optional()).default("privacy@veldhavenmedia.nl"),
  PRIVACY_TEAM_EMAIL_BE: z.preprocess(emptyAsUndefined, z.email().optional()).default("privacy@veldhavenmedia.be"),
  // The origin of the links in our mail. Their hosts are served,
  // with ALLOWED_HOSTS (and nl.localhost, be.localhost without DATABASE_URL):
  // app/i18n/allowed-hosts.server.ts. Required in production (below).
  PUBLIC_ORIGIN_NL: publicOriginUrl,
  PUBLIC_ORIGIN_BE: publicOriginUrl,
  ALLOWED_HOSTS: hostList,
  VERIFICATION_LINK_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  UNVERIFIED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  SENT_MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  COMPLAINT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(730),
  // The hour (Brussels) from which the privacy team's daily digest goes out.
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  // /metrics answers only with this bearer token; without it there is no /metrics.
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, "must be at least 32 characters (e.g. openssl rand -hex 32)").optional(),
  ),
  // TTPA Art. 9(1): notices kept 7 years after the ad's last publication.
  NOTICE_RETENTION_YEARS: z.coerce.number().int().min(7).max(30).default(7),
  RETENTION_INTERVAL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(60),
  CORPORATE_SITE_URL: z.preprocess(emptyAsUndefined, z.url().optional()).default("https://www.veldhavenmedia.com"),
  // Political ads on TV and radio are published on the broadcasters' register (spec 2).
  BROADCAST_ADS_URL: z
    .preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional())
    .default("https://www.veldhavenmedia.com/politieke-advertenties-tv-radio"),
  AD_COMPLIANCE_EMAIL_NL: z
    .preprocess(emptyAsUndefined, z.email().optional())
    .default("politieke-advertenties@veldhavenmedia.nl"),
  AD_COMPLIANCE_EMAIL_BE: z
    .preprocess(emptyAsUndefined, z.email().optional())
    .default("publicite-politique@veldhavenmedia.be"),
  // Anonymous pages: how long a CDN (s-maxage) and this process
  // keep them, and how much memory the process gives them. 0 seconds: no caching.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  PAGE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
  // Load shedding: above this event-loop delay (ms, 0: off) or
  // this many requests in progress (0: no cap), new requests get a quick 503
  // with Retry-After instead of waiting; /healthz is always answered.
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(160),
  OVERLOAD_MAX_QUEUE_MS: z.coerce.number().int().min(0).max(60_000).default(600),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  // Feature toggles per host (spec 6): the group's production
  // hosts get the analytics script; the test toggle is on nowhere unless listed.
  PRODUCTION_HOSTS: hostList,
  ANALYTICS_SCRIPT_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https$/, message: "must be an https:// URL" }).optional(),
  ),
  TEST_TOGGLE_HOSTS: hostList,
  // Staff sign-in.
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(12 * 60)
    .default(30),
  OIDC_ISSUER: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  OIDC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  // Who may sign in through SSO: an e-mail domain, a group, or both (unset: anyone the provider accepts).
  OIDC_ALLOWED_EMAIL_DOMAIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain name, e.g. veldhavenmedia.nl")
      .optional(),
  ),
  OIDC_ALLOWED_GROUP: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  // Members of this group sign in as officer (back office); everyone else as agent.
  OIDC_OFFICER_GROUP: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  OIDC_GROUPS_CLAIM: z.preprocess(emptyAsUndefined, z.string().min(1).optional()).default("groups"),
  // Bearer tokens of the marketing systems that read the suppression feed.
  SUPPRESSION_API_TOKENS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .transform((value) =>
        value
          ? value
              .split(",")
              .map((token) => token.trim())
              .filter(Boolean)
          : [],
      )
      .refine(
        (tokens) => tokens.every((token) => token.length >= 32),
        "each token must be at least 32 characters (e.g. openssl rand -hex 32)",
      ),
  ),
});
