/**
 * What a staff member typed into a form when their
 * session ended under it. The post cannot run (nobody is signed in), so its
 * text fields are kept, for KEPT_FORM_MINUTES, under a random id that goes
 * to the login page and back; the page the staff member returns to refills
 * its form, for them only. Files are never kept, nor is the text logged,
 * nor anything of a search.
 * A kept form goes when its form is sent again, or when it is older than
 * KEPT_FORM_MINUTES (at the next one kept, and in the retention run).
 */
import { createHash, randomBytes } from "node:crypto";

import type { Db } from "~/db/db.server";
import { KEPT_FORM_MINUTES } from "~/domain/staff";
import { searchForm } from "~/validation/case-work";
import { FORM_ID_FIELD, SUBMISSION_FIELD } from "~/validation/form-definition";
import { HONEYPOT_FIELD } from "~/validation/honeypot";
import type { KeptForm } from "~/validation/staff-return";

/** Far above the largest staff form (one 4,000-character message), far below what could fill the table. */
const LIMITS = { fields: 40, valueLength: 10_000, total: 40_000 };
/** A field name as the forms write them (Conform's paths): nothing odd becomes an object key. */
const FIELD_NAME = /^[A-Za-z][\w.[\]-]{0,99}$/;
/**
 * Forms never kept: a search's term is a person's address or phone number,
 * looked up and never written down (the search posts it for that reason).
 * Signing in again leads back to the empty search.
 */
const NEVER_KEPT = new Set<string>([searchForm.id]);
/** Fields of the page's render (its submission id, the honeypot, Conform's intent), not of what was typed. */
const NOT_TYPED = new Set<string>([FORM_ID_FIELD, SUBMISSION_FIELD, HONEYPOT_FIELD, "__intent__"]);

const hashId = (id: string) => createHash("sha256").update(id).digest("hex");
const oldest = (now: Date) => new Date(now.getTime() - KEPT_FORM_MINUTES * 60_000).toISOString();

/** A post's text fields as its form refills them; null without a form id, for a form never kept, or when there is more than a form holds. */
export function keptFormOf(formData: FormData): KeptForm | null {
  const formId = formData.get(FORM_ID_FIELD);
  if (typeof formId !== "string" || !FIELD_NAME.test(formId) || NEVER_KEPT.has(formId)) return null;
  const values = new Map<string, string | string[]>();
  let count = 0;
  let total = 0;
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string" || NOT_TYPED.has(name)) continue;
    count += 1;
    total += value.length;
    if (!FIELD_NAME.test(name) || count > LIMITS.fields || value.length > LIMITS.valueLength || total > LIMITS.total)
      return null;
    const earlier = values.get(name);
    values.set(name, earlier === undefined ? value : [...(Array.isArray(earlier) ? earlier : [earlier]), value]);
  }
  return { formId, values: Object.fromEntries(values) };
}

/**
 * Keeps a form posted on `path` after the session `sessionKey` (of `email`,
 * when known) ended: the id for the page to ask it back with. One per ended
 * session: a second post with the same old cookie replaces the first.
 */
export async function keepForm(
  db: Db,
  kept: { sessionKey: string; email: string | null; path: string; form: KeptForm },
  now = new Date(),
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  const row = {
    id_hash: hashId(id),
    email: kept.email,
    path: kept.path,
    form_id: kept.form.formId,
    fields: JSON.stringify(kept.form.values),
    created_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_kept_form").where("created_at", "<=", oldest(now)).execute();
    // The session's one kept form, replaced in place: posts sent at once cannot keep two.
    await trx
      .insertInto("staff_kept_form")
      .values({ ...row, session_hash: kept.sessionKey })
      .onConflict((oc) => oc.column("session_hash").doUpdateSet(row))
      .execute();
  });
  return id;
}

/** The form kept under `id` for this page and this staff member, or null (another page or person, too old, or gone). */
export async function keptFormFor(
  db: Db,
  id: string,
  reader: { path: string; email: string },
  now = new Date(),
): Promise<KeptForm | null> {
  const row = await db
    .selectFrom("staff_kept_form")
    .select(["email", "path", "form_id", "fields", "created_at"])
    .where("id_hash", "=", hashId(id))
    .executeTakeFirst();
  if (!row || row.path !== reader.path || row.created_at <= oldest(now)) return null;
  if (row.email !== null && row.email !== reader.email) return null;
  return { formId: row.form_id, values: JSON.parse(row.fields) as KeptForm["values"] };
}

/** The form was sent again by someone who could read it back: it is no longer needed. */
export async function forgetKeptForm(db: Db, id: string, email: string): Promise<void> {
  await db
    .deleteFrom("staff_kept_form")
    .where("id_hash", "=", hashId(id))
    .where((eb) => eb.or([eb("email", "is", null), eb("email", "=", email)]))
    .execute();
}

/** Kept forms past KEPT_FORM_MINUTES (the retention run). */
export async function deleteExpiredKeptForms(db: Db, now = new Date()): Promise<number> {
  const result = await db.deleteFrom("staff_kept_form").where("created_at", "<=", oldest(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
