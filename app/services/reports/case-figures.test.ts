/**
 * The team's figures of ad reports (by reason and state) and of the
 * systems' delays (tasks, answered, still open, median days), per country
 * and period, on SQLite and on PostgreSQL.
 */
import { expect, it } from "vitest";

import type { Country } from "~/domain/country";
import { adReportFigures, systemDelays } from "~/services/reports/case-figures.server";
import { rebuildFigureRollups } from "~/services/reports/rollup-rebuild.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { requestRow } from "../../../tests/setup/unit-request-rows";

const DAY = 86_400_000;
const PERIOD = { from: "2025-01-01", to: "2025-12-31" };
const iso = (at: number) => new Date(at).toISOString();

describeEachDatabase("the case figures on $name", (database) => {
  it("count ad reports by reason and state, and each system's tasks and delay", async () => {
    const at = (day: number) => iso(Date.parse("2025-02-01T00:00:00.000Z") + day * DAY);
    await database.db
      .insertInto("privacy_request")
      .values([
        requestRow({
          id: "nl1",
          right: "RIGHT_OF_ACCESS",
          state: "COMPLETED",
          country: "nl",
          verifiedAt: at(0),
          closedAt: at(10),
          dueAt: at(31),
          extendedAt: null,
        }),
        requestRow({
          id: "be1",
          right: "RIGHT_OF_ACCESS",
          state: "OPEN",
          country: "be",
          verifiedAt: at(0),
          closedAt: null,
          dueAt: at(31),
          extendedAt: null,
        }),
        requestRow({
          id: "nl2",
          right: "RIGHT_OF_ACCESS",
          state: "COMPLETED",
          country: "nl",
          verifiedAt: at(399),
          closedAt: at(402),
          dueAt: at(430),
          extendedAt: null,
        }),
      ])
      .execute();
    await database.db
      .insertInto("data_system")
      .values([
        {
          id: "crm",
          name: "=CRM",
          rights: "RIGHT_OF_ACCESS",
          countries: "nl,be",
          channel: "manual",
          webhook_url: null,
          secret_sealed: null,
          callback_token_hash: null,
          contact_email: null,
          contact_locale: null,
          created_at: at(0),
          updated_at: at(0),
        },
      ])
      .execute();
    const task = (id: string, request: string, created: number, answered: number | null) => ({
      id,
      request_id: request,
      system_id: "crm",
      channel: "manual" as const,
      action: "access" as const,
      state: answered === null ? ("OPEN" as const) : ("DONE" as const),
      reason: null,
      answered_by: answered === null ? null : "system",
      answered_at: answered === null ? null : at(answered),
      contact_email: null,
      link_token_hash: null,
      link_expires_at: null,
      created_at: at(created),
    });
    await database.db
      .insertInto("system_task")
      .values([task("t1", "nl1", 1, 3), task("t2", "be1", 1, null), task("t3", "nl2", 400, 401)])
      .execute();
    await rebuildFigureRollups(database.db);
    expect(await systemDelays(database.db, { ...PERIOD, country: null })).toEqual([
      { systemId: "crm", name: "=CRM", tasks: 2, answered: 1, stillOpen: 1, medianDays: 2 },
    ]);
    expect(await systemDelays(database.db, { ...PERIOD, country: "be" })).toEqual([
      { systemId: "crm", name: "=CRM", tasks: 1, answered: 0, stillOpen: 1, medianDays: null },
    ]);

    await database.db
      .insertInto("campaign_item")
      .values({
        id: "NL-T-1",
        country: "nl",
        status: "RUNNING",
        channel: "DIGITAL",
        sponsor_name: "S",
        sponsor_email: null,
        sponsor_address: null,
        payer_name: null,
        payer_email: null,
        payer_address: null,
        ultimate_beneficiary_owner_name: null,
        ultimate_beneficiary_owner_email: null,
        ultimate_beneficiary_owner_address: null,
        publication_start_date: "2025-01-01",
        publication_end_date: null,
        reach_lower_bound: null,
        reach_upper_bound: null,
        budget_lower_bound: null,
        budget_upper_bound: null,
        funding_origin_type: "PRIVATE",
        funding_region: "EU",
        campaign_context_type: "ELECTION",
        campaign_context_note_nl: null,
        campaign_context_note_fr: null,
        campaign_context_url: null,
        previous_publication_suspended: 0,
        language: "nl",
        version: 1,
        version_at: null,
        search_text: "s",
        created_at: at(0),
        updated_at: at(0),
      })
      .execute();
    const report = (
      id: string,
      reason: string,
      state: "RECEIVED" | "IN_REVIEW" | "CLOSED",
      country: Country,
      created: number,
    ) => ({
      id,
      reference: `PA-${id}`,
      campaign_id: "NL-T-1",
      country,
      reason,
      name: "N",
      email: "n@example.nl",
      explanation: "E",
      locale: "nl_nl" as const,
      state,
      created_at: at(created),
      updated_at: at(created),
      assignee: null,
      assigned_at: null,
      email_key: null,
    });
    await database.db
      .insertInto("political_ad_complaint")
      .values([
        report("a", "MISLEADING", "CLOSED", "nl", 1),
        report("b", "MISLEADING", "RECEIVED", "nl", 2),
        report("c", "INCORRECT", "IN_REVIEW", "nl", 3),
        report("d", "INCORRECT", "CLOSED", "be", 3),
        report("e", "MISLEADING", "CLOSED", "nl", 400),
      ])
      .execute();
    await rebuildFigureRollups(database.db);
    const adReports = await adReportFigures(database.db, { ...PERIOD, country: "nl" });
    expect(adReports.total).toBe(3);
    expect(adReports.byReason.find((row) => row.reason === "MISLEADING")).toEqual({
      reason: "MISLEADING",
      total: 2,
      RECEIVED: 1,
      IN_REVIEW: 0,
      CLOSED: 1,
    });
    expect(adReports.byReason.find((row) => row.reason === "INCORRECT")).toEqual({
      reason: "INCORRECT",
      total: 1,
      RECEIVED: 0,
      IN_REVIEW: 1,
      CLOSED: 0,
    });
  });
});
