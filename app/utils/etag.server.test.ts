import { describe, expect, it } from "vitest";

import { clientHas, etagFor, matchesEtag } from "~/utils/etag.server";

const withIfNoneMatch = (value?: string) =>
  new Request(
    "http://nl.localhost/api/plainhtml/privacy-policy",
    value === undefined ? {} : { headers: { "If-None-Match": value } },
  );

describe("If-None-Match, the one parser", () => {
  const strong = '"abc"';
  const weak = 'W/"abc"';

  it("matches no header, or an empty one, to nothing", () => {
    expect(matchesEtag(undefined, strong)).toBe(false);
    expect(matchesEtag(null, strong)).toBe(false);
    expect(matchesEtag("", strong)).toBe(false);
    expect(clientHas(withIfNoneMatch(), strong)).toBe(false);
  });

  it("matches '*' to any tag", () => {
    expect(matchesEtag("*", strong)).toBe(true);
    expect(matchesEtag(" * ", weak)).toBe(true);
    expect(clientHas(withIfNoneMatch("*"), strong)).toBe(true);
  });

  it("compares weakly: a W/ on either side is ignored", () => {
    expect(matchesEtag(weak, strong)).toBe(true);
    expect(matchesEtag(strong, weak)).toBe(true);
    expect(matchesEtag(weak, weak)).toBe(true);
    expect(matchesEtag('W/"abd"', strong)).toBe(false);
  });

  it("finds the tag anywhere in a comma-separated list, with or without spaces", () => {
    expect(matchesEtag('"x", "abc"', strong)).toBe(true);
    expect(matchesEtag('"x",W/"abc","y"', strong)).toBe(true);
    expect(matchesEtag('"x" , "y"', strong)).toBe(false);
    expect(clientHas(withIfNoneMatch('"x", W/"abc"'), strong)).toBe(true);
  });

  it("does not match a tag that only contains this one, or an unquoted one", () => {
    expect(matchesEtag('"abcd"', strong)).toBe(false);
    expect(matchesEtag("abc", strong)).toBe(false);
  });
});

describe("etagFor", () => {
  it("gives the same strong tag for the same bytes, as text or as a buffer, and another for other bytes", () => {
    const tag = etagFor("Privacybeleid");
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagFor(Buffer.from("Privacybeleid"))).toBe(tag);
    expect(etagFor("Cookiebeleid")).not.toBe(tag);
  });
});
