/** The back-office link the daily digest mails, built with React Router's `href` below app/services. */
import { describe, expect, it } from "vitest";

import { backOfficeRequestsUrl } from "~/utils/staff-links.server";

import { useTestConfig } from "../../tests/setup/unit-process";

describe("the digest's back-office link", () => {
  useTestConfig({
    PUBLIC_ORIGIN_NL: "https://privacy.veldhavenmedia.nl",
    PUBLIC_ORIGIN_BE: "https://privacy.veldhavenmedia.be",
  });

  it("is each country's request list on its own site, in Dutch", () => {
    expect(backOfficeRequestsUrl("nl")).toBe(
      "https://privacy.veldhavenmedia.nl/nl/internal-privacy-rights/requests?country=nl",
    );
    expect(backOfficeRequestsUrl("be")).toBe(
      "https://privacy.veldhavenmedia.be/nl/internal-privacy-rights/requests?country=be",
    );
  });
});
