/**
 * What a refused submission says: from when to try again, in the
 * visitor's language and Brussels/Amsterdam time, and another way to reach
 * the team; 429 with Retry-After; 422 for a reused Idempotency-Key.
 */
import { describe, expect, it } from "vitest";

import { idempotencyKeyOf } from "~/http/idempotency-key.server";
import { jsonRefusal, retryTimeText } from "~/http/submission-refusals.server";

const NOW = new Date("2026-11-23T13:20:10Z"); // 14:20:10 in Brussels

describe("the time to try again", () => {
  it("is a clock time today, rounded up to the minute", () => {
    expect(retryTimeText("nl_nl", 45 * 60, NOW)).toBe("15:06");
    expect(retryTimeText("fr_be", 60, NOW)).toBe("14:22");
  });

  it("names the day when it is not today", () => {
    expect(retryTimeText("nl_be", 20 * 3600, NOW)).toBe("dinsdag 24 november om 10:21");
    expect(retryTimeText("fr_be", 20 * 3600, NOW)).toMatch(/^mardi 24 novembre (à )?10:21$/);
  });
});

describe("a JSON call's refusal", () => {
  it("is a 429 with Retry-After and a message that offers the team's address", async () => {
    const answer = jsonRefusal(
      { status: "RATE_LIMITED", scope: "client", retryAfterSeconds: 600, otherWay: "privacy@veldhavenmedia.be" },
      "fr_be",
      NOW,
    );
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("600");
    expect(await answer.json()).toEqual({
      error: "RATE_LIMITED",
      message:
        "Trop de messages ont été envoyés d'affilée depuis votre connexion internet. Réessayez à partir de 14:31 ou écrivez-nous à privacy@veldhavenmedia.be.",
    });
  });

  it("tells a flooded address apart", async () => {
    const answer = jsonRefusal(
      { status: "RATE_LIMITED", scope: "target", retryAfterSeconds: 600, otherWay: "privacy@veldhavenmedia.nl" },
      "nl_nl",
      NOW,
    );
    expect((await answer.json()).message).toBe(
      "Naar dit e-mailadres of telefoonnummer zijn in korte tijd al meerdere berichten gestuurd. Om de eigenaar ervan te beschermen, kun je het pas vanaf 14:31 opnieuw proberen. Liever niet wachten? Mail ons op privacy@veldhavenmedia.nl.",
    );
  });

  it("is a 422 for a key used with another body", async () => {
    const answer = jsonRefusal({ status: "KEY_REUSED" }, "nl_nl", NOW);
    expect(answer.status).toBe(422);
    expect((await answer.json()).error).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});

describe("the Idempotency-Key header", () => {
  const call = (key: string | null, body: object, url = "http://nl.localhost/api/contact?locale=nl_nl") => {
    const request = new Request(url, { method: "POST", headers: key === null ? {} : { "Idempotency-Key": key } });
    return idempotencyKeyOf(request, body as Record<string, unknown>, "nl");
  };

  it("is read as the draft writes it (a quoted string) and as a bare token", () => {
    const quoted = call('"8e03978e-40d5-43e8-bc93-6894a57f9324"', { a: 1 });
    const bare = call("8e03978e-40d5-43e8-bc93-6894a57f9324", { a: 1 });
    expect(quoted.ok && quoted.key).toEqual(bare.ok && bare.key);
    expect(quoted.ok && quoted.key?.scope).toBe("call:/api/contact:nl");
  });

  it("gives the same body in another member order the same fingerprint, and another query another one", () => {
    const first = call("k", { name: "Lotte", nested: { b: 2, a: [1, 2] } });
    const reordered = call("k", { nested: { a: [1, 2], b: 2 }, name: "Lotte" });
    const otherLocale = call(
      "k",
      { name: "Lotte", nested: { b: 2, a: [1, 2] } },
      "http://nl.localhost/api/contact?locale=nl_be",
    );
    const swapped = call("k", { name: "Lotte", nested: { b: 2, a: [2, 1] } });
    const fingerprint = (result: ReturnType<typeof call>) => (result.ok ? result.key?.fingerprint : null);
    expect(fingerprint(reordered)).toBe(fingerprint(first));
    expect(fingerprint(otherLocale)).not.toBe(fingerprint(first));
    expect(fingerprint(swapped)).not.toBe(fingerprint(first));
  });

  it("is optional, and a malformed one is a 400", () => {
    expect(call(null, {})).toEqual({ ok: true, key: undefined });
    for (const malformed of ["", "x".repeat(256), "twee woorden", '"open']) {
      const result = call(malformed, {});
      expect(!result.ok && result.response.status).toBe(400);
    }
  });
});
