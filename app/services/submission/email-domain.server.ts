import { Resolver } from "node:dns/promises";

import { LRUCache } from "lru-cache";
import pLimit, { type LimitFunction } from "p-limit";

import { getConfig } from "~/config.server";

/**
 * Whether the domain of an address can receive mail: an MX record, or else an
 * A/AAAA record (RFC 5321 implicit MX). A null MX (RFC 7505) cannot receive
 * mail. "unknown" means the lookup itself failed (timeout, no network): such
 * a message is accepted rather than lost. Before calling a domain
 * undeliverable, a canary name that must exist is looked up: a resolver that
 * denies every name (an offline or filtered network) is a network failure too.
 */
export type EmailDomainVerdict = "deliverable" | "undeliverable" | "unknown";

const NO_SUCH_RECORD = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN"]);

type Lookup = { servers?: string[]; timeoutMs?: number; canary?: string };

/** A name that exists on the public internet (IANA-reserved for documentation). */
const DEFAULT_CANARY = "example.com";

function createResolver({ servers, timeoutMs = 2500 }: Lookup) {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  if (servers?.length) resolver.setServers(servers);
  return resolver;
}

/** true: records exist; false: the name has none; null: the lookup failed. */
async function hasRecords(lookup: () => Promise<unknown[]>): Promise<boolean | null> {
  try {
    return (await lookup()).length > 0;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    return NO_SUCH_RECORD.has(code) ? false : null;
  }
}

export async function checkEmailDomain(email: string, options: Lookup = {}): Promise<EmailDomainVerdict> {
  const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
  if (!domain) return "undeliverable";
  const resolver = createResolver(options);
  try {
    const mx = await resolver.resolveMx(domain).then(
      (records) => ({ records, error: null as NodeJS.ErrnoException | null }),
      (error: NodeJS.ErrnoException) => ({ records: [], error }),
    );
    if (mx.error && !NO_SUCH_RECORD.has(mx.error.code ?? "")) return "unknown";
    if (mx.records.length > 0) {
      const isNullMx = mx.records.every((record) => record.exchange === "" || record.exchange === ".");
      return isNullMx ? "undeliverable" : "deliverable";
    }
    const [ipv4, ipv6] = await Promise.all([
      hasRecords(() => resolver.resolve4(domain)),
      hasRecords(() => resolver.resolve6(domain)),
    ]);
    if (ipv4 || ipv6) return "deliverable";
    if (ipv4 === null || ipv6 === null) return "unknown";
    const canaryExists = await hasRecords(() => resolver.resolve4(options.canary ?? DEFAULT_CANARY));
    return canaryExists ? "undeliverable" : "unknown";
  } finally {
    resolver.cancel();
  }
}

/** How long a verdict holds: a change at the domain shows within the hour; a failed lookup is retried soon. */
const VERDICT_TTL_MS: Record<EmailDomainVerdict, number> = {
  deliverable: 60 * 60_000,
  undeliverable: 10 * 60_000,
  unknown: 30_000,
};

/**
 * The check as the forms use it: each domain's verdict kept for a while
 * (at most `maxDomains`, least recently used out), one lookup per domain at a
 * time however many forms ask, and at most `concurrency` lookups at once. A
 * burst of submissions is not a burst of DNS queries; when too many lookups
 * wait already, the address is accepted ("unknown") rather than kept waiting.
 */
export class EmailDomainChecker {
  readonly #verdicts: LRUCache<string, EmailDomainVerdict>;
  readonly #pending = new Map<string, Promise<EmailDomainVerdict>>();
  readonly #limit: LimitFunction;
  readonly #maxWaiting: number;

  constructor(
    private readonly lookup: Lookup,
    options: { maxDomains?: number; concurrency?: number; maxWaiting?: number } = {},
  ) {
    this.#verdicts = new LRUCache({ max: options.maxDomains ?? 10_000, ttl: VERDICT_TTL_MS.deliverable });
    this.#limit = pLimit(options.concurrency ?? 8);
    this.#maxWaiting = options.maxWaiting ?? 200;
  }

  async check(email: string): Promise<EmailDomainVerdict> {
    const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
    const known = this.#verdicts.get(domain);
    if (known) return known;
    const pending = this.#pending.get(domain);
    if (pending) return pending;
    if (this.#limit.activeCount + this.#limit.pendingCount >= this.#limit.concurrency + this.#maxWaiting)
      return "unknown";
    const lookup = this.#limit(() => checkEmailDomain(email, this.lookup))
      .then((verdict) => {
        this.#verdicts.set(domain, verdict, { ttl: VERDICT_TTL_MS[verdict] });
        return verdict;
      })
      .finally(() => this.#pending.delete(domain));
    this.#pending.set(domain, lookup);
    return lookup;
  }
}

let checker: EmailDomainChecker | undefined;

/**
 * The configured check (EMAIL_DOMAIN_CHECK, DNS_SERVERS, canary): false only
 * when the address's domain certainly cannot receive mail.
 */
export async function mayReceiveMail(email: string): Promise<boolean> {
  const config = getConfig();
  if (!config.EMAIL_DOMAIN_CHECK) return true;
  checker ??= new EmailDomainChecker({
    servers: config.DNS_SERVERS?.split(","),
    canary: config.EMAIL_DOMAIN_CHECK_CANARY,
  });
  return (await checker.check(email)) !== "undeliverable";
}
