import { describe, expect, it } from "vitest";

import { breadcrumbTrail } from "~/components/layout/breadcrumb-trail";
import { documentRedirect } from "~/content/document-redirects";
import { cacheHeaders } from "~/http/cache-control.server";
import { isWellFormedHost } from "~/i18n/locale";
import { lookup } from "~/i18n/translations";
import { headerText } from "~/services/mail/transport.server";
import { isHoneypotFilled } from "~/services/submission/counted-limit.server";
import { acceptedRequestId } from "~/utils/request-id";
import { contactForm, contactSchema } from "~/validation/contact";
import { formShapeProblem, postedFields } from "~/validation/form-shape.server";

const entries = (query: string) => [...new URLSearchParams(query).entries()];

describe("form definitions bound what a post may hold", () => {
  it("accepts exactly the contact form's fields", () => {
    expect(formShapeProblem(contactForm, entries("form=contact&name=a&email=b&question=c&website="))).toBeNull();
    expect(formShapeProblem(contactForm, entries("form=contact&name=a"))).toBeNull();
  });

  it("refuses unknown names, repeated single fields, another form's id, a missing id and files", () => {
    expect(formShapeProblem(contactForm, entries("form=contact&name=a&a=1"))).toBe("unexpected-field");
    expect(formShapeProblem(contactForm, entries("form=contact&name=a&name=b"))).toBe("too-many-values");
    expect(formShapeProblem(contactForm, entries("form=contact&website=&website=spam"))).toBe("too-many-values");
    expect(formShapeProblem(contactForm, entries("form=complaint&name=a"))).toBe("wrong-form");
    expect(formShapeProblem(contactForm, entries("name=a&email=b&question=c"))).toBe("wrong-form");
    expect(
      formShapeProblem(contactForm, [
        ["form", "contact"],
        ["name", new File(["x"], "x.txt")],
      ]),
    ).toBe("unexpected-field");
    expect(formShapeProblem(contactForm, entries("form=contact&constructor=1&__proto__=1"))).toBe("unexpected-field");
  });

  it("allows a group up to its size", () => {
    const withGroup = { ...contactForm, extraFields: { brands: 3 } };
    expect(formShapeProblem(withGroup, entries("form=contact&brands=a&brands=b&brands=c"))).toBeNull();
    expect(formShapeProblem(withGroup, entries("form=contact&brands=a&brands=b&brands=c&brands=d"))).toBe(
      "too-many-values",
    );
  });

  it("declares every field of the contact schema", () => {
    for (const name of Object.keys(contactSchema.shape)) expect(postedFields(contactForm)[name]).toBe(1);
  });

  it("stays linear: 16,000 repeated fields are refused at once", () => {
    const many = Array.from({ length: 16_000 }, () => ["a", "1"] as [string, string]);
    expect(formShapeProblem(contactForm, [["form", "contact"], ...many])).toBe("unexpected-field");
  });
});

describe("single-line text refuses control characters", () => {
  const base = { email: "lotte@veldhaven-test.nl", question: "Vraag" };
  it.each(["Lot\u0000te", "Lotte\r\nBcc: x@evil.example", "Lotte\tde Vries", "Lot\u2028te"])("name %j", (name) => {
    const result = contactSchema.safeParse({ ...base, name });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain("validation.controlCharacters");
  });

  it("a question keeps its line breaks and tabs but not a NUL", () => {
    expect(contactSchema.safeParse({ ...base, name: "Lotte", question: "Regel 1\r\nRegel 2\tmet tab" }).success).toBe(
      true,
    );
    expect(contactSchema.safeParse({ ...base, name: "Lotte", question: "Regel\u0000" }).success).toBe(false);
  });

  it("mail headers never carry a control character", () => {
    expect(headerText("Nieuw contactbericht van Lot\u0000te\r\nBcc: x@evil.example")).toBe(
      "Nieuw contactbericht van Lot te Bcc: x@evil.example",
    );
  });
});

describe("the honeypot", () => {
  it("is empty only when absent or one empty string", () => {
    expect(isHoneypotFilled([])).toBe(false);
    expect(isHoneypotFilled([""])).toBe(false);
    expect(isHoneypotFilled(["spam"])).toBe(true);
    expect(isHoneypotFilled(["", "spam"])).toBe(true);
    expect(isHoneypotFilled(["", ""])).toBe(true);
    expect(isHoneypotFilled([{ a: 1 }])).toBe(true);
    expect(isHoneypotFilled([null])).toBe(true);
    expect(isHoneypotFilled([0])).toBe(true);
  });
});

describe("tables keyed by user input answer only for their own keys", () => {
  it.each([
    ["nl_nl", "constructor"],
    ["nl_nl", "__proto__"],
    ["en_be", "valueOf"],
    ["fr_be", "toString"],
  ] as const)("%s /document/%s is no redirect", (locale, key) => {
    expect(documentRedirect(locale, key)).toBeNull();
  });

  it("keeps the real redirects", () => {
    expect(documentRedirect("nl_nl", "privacystatement")).toEqual({ kind: "document", key: "privacy-policy" });
  });

  it("breadcrumbs and texts ignore built-in names", () => {
    expect(breadcrumbTrail("/constructor")).toEqual([]);
    expect(breadcrumbTrail("/privacy-rights/constructor")).toEqual([]);
    expect(breadcrumbTrail("/political-ads/__proto__")).toHaveLength(3);
    expect(lookup({ a: { b: "x" } }, "a.constructor")).toBe("a.constructor");
  });
});

describe("hosts", () => {
  it.each(["nl.localhost", "nl.localhost:3000", "www.veldhavenmedia.be", "privacy.veldhavenmedia.nl.", "[::1]:3000"])(
    "%s is well formed",
    (host) => expect(isWellFormedHost(host)).toBe(true),
  );
  it.each([
    "nl.localhost:99999",
    "nl.localhost:0",
    "",
    "nl.localhost, evil.example",
    "nl.localhost:3000:1",
    "a b.nl",
    "evil.example/x",
  ])("%j is malformed", (host) => expect(isWellFormedHost(host)).toBe(false));
  it("an absent X-Forwarded-Host passes; of a list the first value counts", () => {
    expect(isWellFormedHost(undefined, true)).toBe(true);
    expect(isWellFormedHost(undefined)).toBe(false);
    expect(isWellFormedHost("nl.localhost, proxy.internal", true)).toBe(true);
    expect(isWellFormedHost("nl.localhost:99999", true)).toBe(false);
  });
});

describe("request ids", () => {
  it("keeps a bounded, well-formed id and replaces anything else", () => {
    expect(acceptedRequestId("3f1c2a9e-8b7d-4c6e-9a5f-1b2c3d4e5f60")).toBe("3f1c2a9e-8b7d-4c6e-9a5f-1b2c3d4e5f60");
    expect(acceptedRequestId("4bf92f3577b34da6a3ce929d0e0e4736")).toBe("4bf92f3577b34da6a3ce929d0e0e4736");
    expect(acceptedRequestId(undefined)).toBeNull();
    expect(acceptedRequestId("short")).toBeNull();
    expect(acceptedRequestId("a".repeat(65))).toBeNull();
    expect(acceptedRequestId("id\u0000with-nul")).toBeNull();
    expect(acceptedRequestId(["3f1c2a9e-8b7d-4c6e", "x"])).toBeNull();
  });
});

describe("cache headers", () => {
  const page = (init?: RequestInit) => new Request("http://nl.localhost/nl", init);
  it("personal responses are never stored", () => {
    expect(cacheHeaders(page({ method: "POST" }), new Response())).toContainEqual([
      "Cache-Control",
      "private, no-store",
    ]);
    expect(cacheHeaders(page(), new Response(null, { headers: { "Set-Cookie": "__session=x" } }))).toContainEqual([
      "Cache-Control",
      "private, no-store",
    ]);
    expect(cacheHeaders(page({ headers: { Cookie: "a=1; __session=x" } }), new Response())).toContainEqual([
      "Cache-Control",
      "private, no-store",
    ]);
  });
  it("other pages are public for a short while (CDN, then stale while revalidating) and vary with the cookie; a route's own policy stays", () => {
    expect(cacheHeaders(page({ headers: { Cookie: "my__session=x" } }), new Response())).toEqual([
      ["Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300"],
      ["Vary", "Cookie"],
    ]);
    // An error is not kept.
    expect(cacheHeaders(page(), new Response(null, { status: 500 }))).toEqual([
      ["Cache-Control", "no-cache"],
      ["Vary", "Cookie"],
    ]);
    expect(cacheHeaders(page(), new Response(null, { headers: { "Cache-Control": "public, max-age=300" } }))).toEqual(
      [],
    );
  });
});
