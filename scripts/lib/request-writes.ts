// A request's rows are written only from app/services/privacy-request/: other
// folders call it (docs/decisions/007-one-folder-per-entity.md). The layer
// check sees imports, not table names, so this reads the code for Kysely's
// writes (insertInto, updateTable, deleteFrom…) and raw SQL writes on a
// request's tables. Those tables are the ones app/db/schema/index.ts types
// from the request's schema modules, so a table added there is covered too.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The schema modules whose tables are a request's. */
const REQUEST_SCHEMA_MODULES = ["./privacy-requests", "./request-files", "./request-tasks"];
/** Where a request's rows may be written: its own folder, and the migrations that make the tables. */
const ALLOWED = [/^app\/services\/privacy-request\//, /^app\/db\/migrations\//];
/**
 * The durable queue writes the table its user names (`queue.table`), which
 * its types confine to the tables of `QueueTables` in this module: its
 * writes count as those tables' (none of them may be a request's).
 */
const QUEUE_MODULE = "app/services/outbox/queue.server.ts";
const QUEUE_FOLDER = /^app\/services\/outbox\//;

/** The tables the queue's types let it write, as `QueueTables` names them. */
export function queueTables(queueModule: string): string[] {
  const union = /type QueueTables = Record<([^,]+),/.exec(queueModule)?.[1];
  if (union === undefined)
    throw new Error(`No QueueTables type in ${QUEUE_MODULE}: the check cannot tell what the queue writes`);
  return [...union.matchAll(/"(\w+)"/g)].map((match) => match[1]);
}

/** Tests set up the rows they read; they stand outside the rule, as outside the layers. */
const TEST = /\.test\.tsx?$/;

export type RequestWrite = { file: string; line: number; table: string; how: string };

/** The tables `Database` (app/db/schema/index.ts) types from the request's schema modules. */
export function requestTables(schemaIndex: string): Set<string> {
  const types = new Set<string>();
  for (const match of schemaIndex.matchAll(/import type \{([^}]*)\} from "([^"]+)"/g)) {
    if (REQUEST_SCHEMA_MODULES.includes(match[2])) for (const name of match[1].split(",")) types.add(name.trim());
  }
  const tables = new Set<string>();
  for (const match of schemaIndex.matchAll(/^\s+(\w+): (\w+);$/gm)) if (types.has(match[2])) tables.add(match[1]);
  return tables;
}

const lineOf = (source: string, index: number) => source.slice(0, index).split("\n").length;

/**
 * The writes in `source` on one of `tables`, and any Kysely write whose
 * table is not named literally (this check could not tell what it writes).
 */
export function requestWritesIn(file: string, source: string, tables: ReadonlySet<string>): RequestWrite[] {
  const found: RequestWrite[] = [];
  for (const match of source.matchAll(
    /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(?:(["'`])(\w+)[\s\w]*\2)?/g,
  )) {
    const table = match[3];
    if (table === undefined)
      found.push({ file, line: lineOf(source, match.index), table: "(a table not named literally)", how: match[1] });
    else if (tables.has(table)) found.push({ file, line: lineOf(source, match.index), table, how: match[1] });
  }
  for (const match of source.matchAll(
    /\b(insert\s+into|update|delete\s+from)\s+(?:\$\{\s*sql\.table\(\s*)?["'`]?(\w+)/gi,
  )) {
    if (tables.has(match[2]))
      found.push({
        file,
        line: lineOf(source, match.index),
        table: match[2],
        how: match[1].replace(/\s+/g, " ").toLowerCase(),
      });
  }
  return found;
}

/** Every write on a request's tables in app/ and server/ outside the places allowed. */
export function requestWritesOutside(root: string): RequestWrite[] {
  const tables = requestTables(readFileSync(path.join(root, "app/db/schema/index.ts"), "utf8"));
  if (tables.size === 0)
    throw new Error("No request tables found in app/db/schema/index.ts: the check would see nothing");
  const files = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "server.ts"],
    { cwd: root, encoding: "utf8" },
  )
    .split("\n")
    .filter(
      (file) => /\.(ts|tsx|mjs|js)$/.test(file) && !TEST.test(file) && !ALLOWED.some((allowed) => allowed.test(file)),
    );
  const queueWritesRequestRows = queueTables(readFileSync(path.join(root, QUEUE_MODULE), "utf8")).filter((table) =>
    tables.has(table),
  );
  return files.flatMap((file) => {
    const writes = requestWritesIn(file, readFileSync(path.join(root, file), "utf8"), tables);
    if (!QUEUE_FOLDER.test(file)) return writes;
    // The queue's own writes name no table: they are the queue tables', a request's only if one of those is.
    return writes.flatMap((write) =>
      write.table.startsWith("(") ? queueWritesRequestRows.map((table) => ({ ...write, table })) : [write],
    );
  });
}
