import { describe, expect, it } from "vitest";

import { contactFormHref, contactTopicFrom } from "./contact-topics";

describe("contact topics", () => {
  it("reads a known topic from the query", () => {
    expect(contactTopicFrom(new URLSearchParams("topic=accessibility"))).toBe("accessibility");
  });

  it("presets nothing for an unknown, empty or missing topic", () => {
    expect(contactTopicFrom(new URLSearchParams("topic=<script>"))).toBeNull();
    expect(contactTopicFrom(new URLSearchParams("topic="))).toBeNull();
    expect(contactTopicFrom(new URLSearchParams("utm_source=x"))).toBeNull();
  });

  it("links to the form on the home page, with the topic, landing on the form", () => {
    expect(contactFormHref("/fr", "accessibility")).toBe("/fr?topic=accessibility#contact-section");
  });
});
