/**
 * `npm run systems -- import FILE`: the register from a CSV file
 * (a header row; lists separated by spaces, commas or `|`) or a JSON array,
 * checked whole before anything is written: one bad row and nothing is
 * imported, each problem named with its line (CSV) or item (JSON) and field.
 */
import { parse } from "csv-parse/sync";
import type { Kysely } from "kysely";

import type { Database } from "~/db/schema";
import { dataSystemSchema, type DataSystem } from "~/validation/data-system";

import { saveSystems, type IssuedCredentials } from "./register.server";
import { configuredNetwork, isRefusedWebhookUrl, type WebhookNetwork } from "./webhook-address.server";

const PRIVATE_NETWORK_REFUSAL =
  "leads into a private network (loopback, private, link-local, shared or reserved addresses, or a name that resolves there): refused; WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 allows it for local development";

export type FileProblem = { line: number; field: string; message: string };

const COLUMNS: Record<string, string> = {
  id: "id",
  name: "name",
  rights: "rights",
  countries: "countries",
  channel: "channel",
  webhook_url: "webhookUrl",
  secret: "secret",
  callback_token: "callbackToken",
  contact_email: "contactEmail",
  contact_locale: "contactLocale",
  active: "active",
};

const list = (value: string) => value.split(/[\s,;|]+/).filter(Boolean);

/** A CSV record as the schema takes it: empty cells absent, lists split, countries in lower case. */
function fromCsv(record: Record<string, string>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(record)) {
    const field = COLUMNS[column.trim().toLowerCase()] ?? column;
    if (value === "") continue;
    if (field === "rights") row.rights = list(value).map((right) => right.toUpperCase());
    else if (field === "countries") row.countries = list(value);
    else if (field === "active") row.active = !["no", "false", "0", "nee", "non"].includes(value.toLowerCase());
    else row[field] = value;
  }
  return row;
}

export function parseSystemsFile(text: string, format: "csv" | "json"): { rows: unknown[]; lines: number[] } {
  if (format === "json") {
    const data: unknown = JSON.parse(text);
    if (!Array.isArray(data)) throw new Error("The JSON file must hold an array of systems.");
    return { rows: data, lines: data.map((_, index) => index + 1) };
  }
  const records = parse(text.replace(/^\uFEFF/, ""), {
    columns: true,
    skip_empty_lines: true,
    trim: true,
    info: true,
  }) as Array<{ record: Record<string, string>; info: { lines: number } }>;
  const unknown = Object.keys(records[0]?.record ?? {}).filter((column) => !(column.trim().toLowerCase() in COLUMNS));
  if (unknown.length > 0)
    throw new Error(`unknown column(s): ${unknown.join(", ")} (known: ${Object.keys(COLUMNS).join(", ")})`);
  return { rows: records.map((entry) => fromCsv(entry.record)), lines: records.map((entry) => entry.info.lines) };
}

export async function importSystems(
  db: Kysely<Database>,
  rows: unknown[],
  lines: number[],
  now = new Date(),
  network: WebhookNetwork = configuredNetwork(),
): Promise<{ ok: true; saved: number; issued: IssuedCredentials[] } | { ok: false; problems: FileProblem[] }> {
  const problems: FileProblem[] = [];
  const valid: { system: DataSystem; line: number }[] = [];
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const line = lines[index];
    const parsed = dataSystemSchema.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({ line, field: issue.path.join(".") || "(row)", message: issue.message });
      return;
    }
    const earlier = seen.get(parsed.data.id);
    if (earlier !== undefined) problems.push({ line, field: "id", message: `already on line ${earlier}` });
    seen.set(parsed.data.id, line);
    valid.push({ system: parsed.data, line });
  });
  for (const { system, line } of valid) {
    if (system.webhookUrl && (await isRefusedWebhookUrl(system.webhookUrl, network)))
      problems.push({ line, field: "webhookUrl", message: PRIVATE_NETWORK_REFUSAL });
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  return {
    ok: true,
    saved: valid.length,
    issued: await saveSystems(
      db,
      valid.map((entry) => entry.system),
      now,
    ),
  };
}
