/**
 * Requests and reports stored before their search keys existed
 * get them, a batch at a time, on the retention job's clock (which also
 * runs at start). New ones are written with their keys.
 */
import type { Db } from "~/db/db.server";

import { setRequestSearchKeys } from "../privacy-request/case-work-columns.server";
import { searchKeys, targetKey } from "../submission/target-key.server";

const BATCH = 500;

export async function fillSearchKeys(db: Db): Promise<number> {
  let filled = 0;
  const requests = await db
    .selectFrom("privacy_request")
    .select(["id", "email", "phone_number"])
    .where((eb) =>
      eb.or([
        eb.and([eb("email", "is not", null), eb("email_key", "is", null)]),
        eb.and([eb("phone_number", "is not", null), eb("phone_key", "is", null)]),
      ]),
    )
    .limit(BATCH)
    .execute();
  for (const row of requests) {
    await setRequestSearchKeys(db, row.id, searchKeys({ email: row.email, phone: row.phone_number }));
    filled += 1;
  }
  const complaints = await db
    .selectFrom("political_ad_complaint")
    .select(["id", "email"])
    .where("email_key", "is", null)
    .limit(BATCH)
    .execute();
  for (const row of complaints) {
    await db
      .updateTable("political_ad_complaint")
      .set({ email_key: targetKey(row.email) })
      .where("id", "=", row.id)
      .execute();
    filled += 1;
  }
  return filled;
}
