import { describe, expect, it } from "vitest";

import { loggableUrl, LOGGED_URL_MAX_LENGTH } from "~/utils/log-redaction";

describe("loggableUrl", () => {
  it("replaces the values of tokens and personal query parameters, keeps the others", () => {
    expect(loggableUrl("/nl/email-verification?token=abcDEF_123-xyz")).toBe("/nl/email-verification?token=[redacted]");
    expect(loggableUrl("/nl/internal-privacy-rights/requests?state=OPEN&text=anna%40example.nl&page=2")).toBe(
      "/nl/internal-privacy-rights/requests?state=OPEN&text=[redacted]&page=2",
    );
    expect(loggableUrl("/nl/search?q=mijn+vraag")).toBe("/nl/search?q=[redacted]");
    expect(loggableUrl("/auth/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fidp")).toBe(
      "/auth/oidc/callback?code=[redacted]&state=st4te&iss=https%3A%2F%2Fidp",
    );
    expect(loggableUrl("/x?Email=a@b.nl&NAME=Jan&phone=0612345678")).toBe(
      "/x?Email=[redacted]&NAME=[redacted]&phone=[redacted]",
    );
  });

  it("is not fooled by an encoded name, a repeated parameter or a fragment", () => {
    expect(loggableUrl("/nl/email-verification?%74oken=secret")).toBe("/nl/email-verification?%74oken=[redacted]");
    expect(loggableUrl("/nl/search?q=a&q=b#q=c")).toBe("/nl/search?q=[redacted]&q=[redacted]#q=c");
    expect(loggableUrl("/nl/search?%E0%A4%A=x&q=y")).toBe("/nl/search?%E0%A4%A=[redacted]&q=[redacted]");
  });

  it("caps the length of what it logs", () => {
    const long = loggableUrl(`/nl/about?filler=${"a".repeat(15_000)}`)!;
    expect(long.length).toBeLessThanOrEqual(LOGGED_URL_MAX_LENGTH);
    expect(long.startsWith("/nl/about?filler=aaa")).toBe(true);
    expect(long).toMatch(/15017 characters/);
    expect(loggableUrl("/nl/about")).toBe("/nl/about");
    expect(loggableUrl(undefined)).toBeUndefined();
  });
});
