/**
 * The privacy figures. Requests of 2019 (a year no other spec
 * writes in) are put in the e2e server's database, the same rows whichever
 * test or project comes first; the officers' reports page and the public
 * page show the figures this test works out from those rows; the public
 * page shows "niet vermeld" for every count under 10 and for those it could
 * be worked out from by subtraction (the objections' 11, beside the
 * erasures' 4), and agrees with the officers' page and the JSON call; the CSV has no formula cell; both pages
 * are axe clean and do not scroll sideways at 320 px with 200 % text.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";

import type { Page } from "@playwright/test";

import { excelCells, FORMULA_START } from "../setup/excel-cells";
import { expect, expectAxeClean, onlyWithoutJavaScript, siteUrl, test } from "./fixtures";
import { horizontalOverflow, setTextSize } from "./reflow";
import { sql } from "./shared-server-data";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

const DAY = 86_400_000;
type Fixture = {
  id: string;
  right: string;
  state: string;
  verified: number | null;
  closed: number;
  due: number | null;
  extended: boolean;
};

/**
 * Fourteen access requests (two refused, one of them late; three extended), four erasures, eleven
 * objections without e-mail, and twelve portability requests (a right added to the table later).
 */
const FIXTURE: Fixture[] = [
  ...Array.from({ length: 14 }, (_, index) => {
    const verified = Date.parse("2019-03-04T09:00:00.000Z") + index * DAY;
    const late = index === 13;
    return {
      id: `access-${index}`,
      right: "RIGHT_OF_ACCESS",
      state: index >= 12 ? "REJECTED" : "COMPLETED",
      verified,
      closed: verified + (late ? 40 : 2 + index * 2) * DAY,
      due: verified + 31 * DAY,
      extended: index % 5 === 0,
    };
  }),
  ...Array.from({ length: 4 }, (_, index) => {
    const verified = Date.parse("2019-06-10T09:00:00.000Z") + index * DAY;
    return {
      id: `erasure-${index}`,
      right: "RIGHT_TO_BE_FORGOTTEN",
      state: "COMPLETED",
      verified,
      closed: verified + 10 * DAY,
      due: verified + 31 * DAY,
      extended: false,
    };
  }),
  ...Array.from({ length: 12 }, (_, index) => {
    const verified = Date.parse("2019-10-07T09:00:00.000Z") + index * DAY;
    return {
      id: `portability-${index}`,
      right: "DATA_PORTABILITY",
      state: "COMPLETED",
      verified,
      closed: verified + (3 + index) * DAY,
      due: verified + 31 * DAY,
      extended: false,
    };
  }),
  ...Array.from({ length: 11 }, (_, index) => ({
    id: `objection-${index}`,
    right: "OBJECTION",
    state: "COMPLETED",
    verified: null,
    closed: Date.parse("2019-09-02T10:00:00.000Z") + index * DAY,
    due: null,
    extended: false,
  })),
];
const SYSTEM_NAME = '=HYPERLINK("http://example.invalid","klik")';

/** The rows (and one system's task) in the server's database, once however often it is called, and the figures made from them. */
function seedFigures() {
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  for (const row of FIXTURE) {
    const created = iso(row.verified ?? row.closed);
    sql(
      `insert or ignore into privacy_request (id, reference, right_type, state, country, locale, verified_at, due_at, closed_at, extended_at, created_at, updated_at, links_resent)
       values (?, ?, ?, ?, 'nl', 'nl_nl', ?, ?, ?, ?, ?, ?, 0)`,
      `figures-e2e-${row.id}`,
      `PR-FIGURES-${row.id.toUpperCase()}`,
      row.right,
      row.state,
      iso(row.verified),
      iso(row.due),
      iso(row.closed),
      row.extended ? iso(row.verified! + 20 * DAY) : null,
      created,
      created,
    );
  }
  sql(
    "insert or ignore into data_system (id, name, rights, countries, channel, active, created_at, updated_at) values ('figures-e2e', ?, 'RIGHT_OF_ACCESS', 'nl', 'manual', 0, '2019-01-01T00:00:00.000Z', '2019-01-01T00:00:00.000Z')",
    SYSTEM_NAME,
  );
  sql(
    "insert or ignore into system_task (id, request_id, system_id, channel, state, answered_by, answered_at, created_at) values ('figures-e2e-task', 'figures-e2e-access-0', 'figures-e2e', 'manual', 'DONE', 'system', '2019-03-08T09:00:00.000Z', '2019-03-05T09:00:00.000Z')",
  );
  // Rows written past the app, as an import would: the operator makes the daily figures again from the rows.
  execFileSync(path.join("node_modules", ".bin", "tsx"), ["scripts/figures.ts", "rebuild"], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** What the test works out from its own rows, per right: the officers' columns. */
function expected(right: string) {
  const rows = FIXTURE.filter((row) => row.right === right);
  // Whole days that passed in full from receipt to answer.
  const days = rows.map((row) => Math.floor((row.closed - (row.verified ?? row.closed)) / DAY)).sort((a, b) => a - b);
  const middle = days.length / 2;
  const median = days.length % 2 === 0 ? (days[middle - 1] + days[middle]) / 2 : days[Math.floor(middle)];
  const within = rows.filter((row) => row.due === null || row.closed <= row.due).length;
  return {
    received: rows.length,
    extended: rows.filter((row) => row.extended).length,
    answered: rows.length,
    completed: rows.filter((row) => row.state === "COMPLETED").length,
    rejected: rows.filter((row) => row.state === "REJECTED").length,
    within,
    share: Math.round((within / rows.length) * 10_000) / 10_000,
    median: Math.round(median * 10) / 10,
    p90: Math.round(days[Math.ceil(0.9 * days.length) - 1] * 10) / 10,
  };
}

/** The tables' captions whose text runs out of the window sideways (inside a table wider than its scrolling region). */
async function captionsOutOfView(page: Page): Promise<string[]> {
  return page.locator(".app-figure-table__caption").evaluateAll((captions) =>
    captions
      .filter((caption) => {
        const range = document.createRange();
        range.selectNodeContents(caption);
        return [...range.getClientRects()].some((line) => line.left < 0 || line.right > window.innerWidth + 1);
      })
      .map((caption) => caption.textContent ?? ""),
  );
}

const percent = (share: number) =>
  new Intl.NumberFormat("nl", { style: "percent", maximumFractionDigits: 1 }).format(share);
const decimal = (value: number) => new Intl.NumberFormat("nl", { maximumFractionDigits: 1 }).format(value);

test("the officers' figures for 2019: every right as the test counts it, the CSV without a formula cell, axe clean, no sideways scrolling at 320 px with 200 % text", async ({
  page,
}) => {
  seedFigures();
  const officer = uniqueStaffEmail("figures");
  await addStaff(officer, "officer");
  await signInAsStaff(page, officer);
  await page.getByRole("navigation", { name: "Backoffice" }).getByRole("link", { name: "Cijfers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cijfers");
  await page.getByLabel("Van (dag)").fill("2019-01-01");
  await page.getByLabel("Tot en met (dag)").fill("2019-12-31");
  await page.getByLabel("Land", { exact: true }).selectOption("nl");
  await page.getByRole("button", { name: "Cijfers tonen" }).click();
  await expect(page).toHaveURL(/from=2019-01-01&to=2019-12-31&country=nl/);

  const byRight = page.getByRole("region", { name: "Aanvragen per recht" });
  for (const [right, label] of [
    ["RIGHT_OF_ACCESS", "Inzage"],
    ["RIGHT_TO_BE_FORGOTTEN", "Verwijdering"],
    ["OBJECTION", "Bezwaar direct marketing"],
    ["DATA_PORTABILITY", "Overdraagbaarheid"],
  ] as const) {
    const figures = expected(right);
    await expect(byRight.getByRole("row", { name: new RegExp(`^${label} \\d`) }).getByRole("cell")).toHaveText([
      String(figures.received),
      String(figures.extended),
      "0",
      String(figures.answered),
      String(figures.completed),
      String(figures.rejected),
      `${figures.within} (${percent(figures.share)})`,
      decimal(figures.median),
      decimal(figures.p90),
    ]);
  }
  await expect(
    page
      .getByRole("region", { name: "Aanvragen per maand" })
      .getByRole("row", { name: /^maart 2019 / })
      .getByRole("cell")
      .first(),
  ).toHaveText("14");
  await expect(
    page
      .getByRole("region", { name: "Taken per systeem" })
      .getByRole("row", { name: new RegExp(`^${SYSTEM_NAME.replace(/[()".]/g, "\\$&")}`) })
      .getByRole("cell"),
  ).toHaveText(["1", "1", "0", "3"]);
  await expectAxeClean(page);
  await setTextSize(page, 2);
  await page.setViewportSize({ width: 320, height: 720 });
  expect(await horizontalOverflow(page)).toBeNull();
  // A table scrolls sideways in its region; its caption stays in view.
  expect(await page.locator(".app-figure-table__caption").count()).toBe(4);
  expect(await captionsOutOfView(page)).toEqual([]);

  // The same figures as CSV, with the officer's cookies (Node does not resolve *.localhost): opened as Excel does, no cell is a formula.
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const answer = await page.request.get(
    `http://127.0.0.1:${process.env.E2E_PORT}/nl/internal-privacy-rights/reports/export?from=2019-01-01&to=2019-12-31&country=nl`,
    {
      headers: { Host: `nl.localhost:${process.env.E2E_PORT}`, Cookie: cookie },
    },
  );
  expect(answer.headers()["content-type"]).toContain("text/csv");
  const csv = (await answer.body()).toString("utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  for (const delimiter of [";", ","] as const)
    expect(
      excelCells(csv, delimiter)
        .flat()
        .filter((cell) => FORMULA_START.test(cell)),
      delimiter,
    ).toEqual([]);
  const access = excelCells(csv, ",").find((cells) => cells[0] === "RIGHT_OF_ACCESS");
  const figures = expected("RIGHT_OF_ACCESS");
  expect(access).toEqual(
    [
      "RIGHT_OF_ACCESS",
      figures.received,
      figures.extended,
      0,
      figures.answered,
      figures.completed,
      figures.rejected,
      figures.within,
      figures.share,
      figures.median,
      figures.p90,
    ].map(String),
  );
  expect(csv).toContain(`'${SYSTEM_NAME.replaceAll('"', '""')}`);
});

test(
  "the public figures of 2019 agree with the officers' and the JSON call, show 'niet vermeld' under 10 and where the total would give one away, are axe clean and reflow at 320 px with 200 % text",
  onlyWithoutJavaScript("a page without React, a table and a GET form: the server's answer"),
  async ({ page }) => {
    seedFigures();
    await page.goto(siteUrl("nl", "/nl/privacy-rights"));
    await expect(
      page.getByRole("link", { name: "Hoe we aanvragen beantwoorden: de cijfers per jaar" }),
    ).toHaveAttribute("href", "/nl/privacy-rights/figures");
    await page.goto(siteUrl("nl", "/nl/privacy-rights/figures?year=2019"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cijfers over privacyaanvragen");
    await expect(page.getByLabel("Jaar", { exact: true })).toHaveValue("2019");

    const table = page.getByRole("region", { name: "Privacyaanvragen in 2019 per recht" });
    const access = expected("RIGHT_OF_ACCESS");
    await expect(table.getByRole("row", { name: /^Inzage / }).getByRole("cell")).toHaveText([
      String(access.received),
      String(access.answered),
      percent(access.share),
      decimal(access.median),
      "niet vermeld",
    ]);
    // A right added to the table later counts as every other.
    const portability = expected("DATA_PORTABILITY");
    await expect(table.getByRole("row", { name: /^Overdraagbaarheid / }).getByRole("cell")).toHaveText([
      String(portability.received),
      String(portability.answered),
      percent(portability.share),
      decimal(portability.median),
      "niet vermeld",
    ]);
    const notShown = ["niet vermeld", "niet vermeld", "—", "—", "niet vermeld"];
    await expect(table.getByRole("row", { name: /^Wissen / }).getByRole("cell")).toHaveText(notShown);
    // 11 objections, but shown beside the total (41) and the rights shown they would give the erasures' 4 away.
    await expect(table.getByRole("row", { name: /^Bezwaar tegen direct marketing / }).getByRole("cell")).toHaveText(
      notShown,
    );
    await expect(table.getByRole("row", { name: /^Correctie / }).getByRole("cell")).toHaveText(notShown);
    await expect(
      table
        .getByRole("row", { name: /^Alle rechten / })
        .getByRole("cell")
        .first(),
    ).toHaveText(String(FIXTURE.length));
    // No count under 10 anywhere in the table (received, answered, extended), and none left between the total and the rights shown.
    // Read as a reader hears them: without the soft hyphens at the words' syllables.
    const rows = await Promise.all(
      (await table.locator("tbody tr").all()).map(async (row) =>
        (await row.locator("td").allTextContents()).map((text) => text.replaceAll("\u00ad", "")),
      ),
    );
    for (const column of [0, 1, 4]) {
      const counts = rows.map((cells) => cells[column]);
      for (const text of counts)
        expect(text === "niet vermeld" || Number(text.replace(/\D/g, "")) >= 10, text).toBe(true);
      const total = counts.at(-1)!;
      if (total === "niet vermeld") continue;
      const rest =
        Number(total.replace(/\D/g, "")) -
        counts
          .slice(0, -1)
          .filter((text) => text !== "niet vermeld")
          .reduce((sum, text) => sum + Number(text.replace(/\D/g, "")), 0);
      expect(rest === 0 || rest >= 10, `column ${column}: ${rest}`).toBe(true);
    }

    const json = await page.request.get(
      `http://127.0.0.1:${process.env.E2E_PORT}/api/privacy-rights/figures?country=NL&year=2019`,
      { headers: { Host: "nl.localhost" } },
    );
    const published = (await json.json()) as {
      rights: Array<{
        right: string;
        received: number | null;
        shareAnsweredWithinDeadline: number | null;
        medianDaysToAnswer: number | null;
      }>;
    };
    expect(published.rights.find((row) => row.right === "RIGHT_OF_ACCESS")).toMatchObject({
      received: access.received,
      shareAnsweredWithinDeadline: access.share,
      medianDaysToAnswer: access.median,
    });
    expect(published.rights.find((row) => row.right === "DATA_PORTABILITY")).toMatchObject({
      received: portability.received,
      shareAnsweredWithinDeadline: portability.share,
      medianDaysToAnswer: portability.median,
    });
    expect(published.rights.find((row) => row.right === "RIGHT_TO_BE_FORGOTTEN")).toMatchObject({
      received: null,
      shareAnsweredWithinDeadline: null,
      medianDaysToAnswer: null,
    });
    expect(published.rights.find((row) => row.right === "OBJECTION")).toMatchObject({
      received: null,
      shareAnsweredWithinDeadline: null,
      medianDaysToAnswer: null,
    });

    await expectAxeClean(page);
    // Where the table does not fit (a phone), each right with its figures under its name, and no table.
    const byRight = page.locator(".app-figures__narrow");
    await expect(byRight).toBeHidden();
    const rowCount = await table.locator("tbody tr").count();
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(table).toHaveCount(0);
    const accessCard = byRight
      .locator(".app-figures__card")
      .filter({ has: page.getByRole("heading", { level: 3, name: "Inzage", exact: true }) });
    await expect(accessCard.locator("dt")).toHaveText([
      "Ontvangen",
      "Beantwoord",
      "Binnen de wettelijke termijn",
      "Mediaan aantal dagen tot het antwoord",
      "Termijn verlengd",
    ]);
    await expect(accessCard.locator("dd")).toHaveText([
      String(access.received),
      String(access.answered),
      percent(access.share),
      decimal(access.median),
      "niet vermeld",
    ]);
    const lastFigure = await accessCard.locator("dd").last().boundingBox();
    expect(lastFigure!.x + lastFigure!.width).toBeLessThanOrEqual(390);
    await expect(byRight.getByRole("heading", { level: 3 })).toHaveCount(rowCount);
    await expectAxeClean(page);
    await setTextSize(page, 2);
    await page.setViewportSize({ width: 320, height: 720 });
    expect(await horizontalOverflow(page)).toBeNull();
    expect(await captionsOutOfView(page)).toEqual([]);
  },
);
