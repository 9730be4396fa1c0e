/**
 * A report about an ad whose name and explanation hide
 * formulas behind ';' (Excel's separator under Dutch and Belgian settings)
 * and ',' comes out of the back office's export with no cell a spreadsheet
 * would run, however the file is split.
 */
import { excelCells, FORMULA_START } from "../setup/excel-cells";
import { request } from "../setup/spawn-server";
import { expect, onlyWithJavaScript, test } from "./fixtures";
import { registerItems } from "./site-pages";
import { addStaff, signInAsStaff, uniqueStaffEmail } from "./staff-fixtures";

const port = () => Number(process.env.E2E_PORT);

test(
  "the ad-report export split on ';' or ',' as Excel does holds no formula cell",
  onlyWithJavaScript("a download: once is enough"),
  async ({ page }) => {
    const [ad] = await registerItems(page.request, "be");
    const reporter = `csv-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@veldhaven-test.nl`;
    const complaint = {
      name: "x,@SUM(1)",
      email: reporter,
      explanation: "a;=cmd|' /C calc'!A0;b\n-1+1\tand;\t=2+2",
      reason: "ALCOHOL_DRUGS_SEX",
      campaignId: ad.id,
      locale: "nl_be",
    };
    const made = await request(port(), {
      method: "POST",
      path: "/api/political-ad-complaint",
      host: `be.localhost:${port()}`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(complaint),
    });
    expect(made.status).toBe(201);
    const reference = (JSON.parse(made.body) as { reference: string }).reference;

    const officer = uniqueStaffEmail("officer");
    await addStaff(officer, "officer");
    await signInAsStaff(page, officer);
    const { bom, csv } = await page.evaluate(async () => {
      const bytes = new Uint8Array(
        await (await fetch("/nl/internal-privacy-rights/ad-reports/export?country=be")).arrayBuffer(),
      );
      // Excel reads the file as UTF-8 because of the byte order mark (fetch's text() would drop it).
      return { bom: Array.from(bytes.slice(0, 3)), csv: new TextDecoder().decode(bytes) };
    });
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);

    for (const delimiter of [";", ","] as const) {
      const cells = excelCells(csv, delimiter).flat();
      expect(
        cells.some((cell) => cell.includes(reference)),
        delimiter,
      ).toBe(true);
      expect(
        cells.filter((cell) => FORMULA_START.test(cell)),
        delimiter,
      ).toEqual([]);
    }
    // Split on ',' the file is still one report per row, its texts whole but for the apostrophes.
    const row = excelCells(csv, ",").find((cells) => cells[0] === reference)!;
    expect(row[5].replaceAll("'", "")).toBe(complaint.name.replaceAll("'", ""));
    expect(row[7].replaceAll("'", "")).toBe(complaint.explanation.replaceAll("'", ""));
  },
);
