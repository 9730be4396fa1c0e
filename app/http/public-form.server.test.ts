import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";

import { serverContext, siteContext } from "~/context";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { defineForm } from "~/validation/form-definition";
import { requiredEmail, requiredText } from "~/validation/rules";
import { z } from "~/validation/zod";

// Read once: quiet logs.
process.env.LOG_LEVEL = "silent";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "public-form-config-"));

const questionForm = defineForm({
  id: "question",
  schema: z.object({ name: requiredText(20), email: requiredEmail(), topics: z.array(z.string()).optional() }),
  groups: { topics: 2 },
});

const signInForm = defineForm({
  id: "sign-in",
  schema: z.object({
    email: requiredEmail(),
    password: z.string({ error: "validation.required" }).min(12, "too-short"),
  }),
});

let clientCounter = 0;

function post(form: string, entries: [string, string][], init: { contentType?: string } = {}) {
  const body = new URLSearchParams([["form", form], ...entries]);
  const request = new Request("http://nl.localhost:3000/nl/vraag", {
    method: "POST",
    body: init.contentType ? body.toString() : body,
    headers: init.contentType ? { "Content-Type": init.contentType } : undefined,
  });
  return request;
}

function argsFor(request: Request, clientIp: string) {
  const context = new RouterContextProvider();
  context.set(serverContext, { clientIp, isKnownPage: () => true, thirdPartyOrigins: [], noteForLog: () => {} });
  context.set(siteContext, { country: "nl", locale: "nl_nl", language: "nl" });
  return { request, context };
}

const VALID: [string, string][] = [
  ["name", "Lotte"],
  ["email", "lotte@veldhaven-test.nl"],
  ["website", ""],
];

describe("a public form's post", () => {
  let clientIp: string;
  beforeEach(() => {
    clientIp = `198.51.100.${++clientCounter}`;
  });

  const receive = (
    request: Request,
    options: Parameters<typeof receivePublicForm>[2] = { failureBanner: "question.failure" },
    ip = clientIp,
  ) => receivePublicForm(argsFor(request, ip), questionForm, options);

  it("hands valid input to the action, with the form data and the client's address", async () => {
    const received = await receive(post("question", [...VALID, ["topics", "a"], ["topics", "b"]]));
    expect(received.ok).toBe(true);
    if (!received.ok) return;
    expect(received.value).toEqual({ name: "Lotte", email: "lotte@veldhaven-test.nl", topics: ["a", "b"] });
    expect(received.clientIp).toBe(clientIp);
    expect(received.formData.get("name")).toBe("Lotte");
  });

  it("refuses a field the form does not have with 400, and shows the form again with the declared fields only", async () => {
    const received = await receive(post("question", [...VALID, ["admin", "yes"]]));
    expect(received.ok).toBe(false);
    if (received.ok) return;
    expect(received.response.init?.status).toBe(400);
    expect(received.response.data).toMatchObject({ formId: "question", banner: "form.unexpectedFields" });
    expect(received.response.data.result.initialValue).toMatchObject({
      name: "Lotte",
      email: "lotte@veldhaven-test.nl",
    });
    expect(received.response.data.result.initialValue).not.toHaveProperty("admin");
  });

  it("refuses more values than a field holds with 413", async () => {
    const received = await receive(post("question", [...VALID, ["topics", "a"], ["topics", "b"], ["topics", "c"]]));
    expect(!received.ok && received.response.init?.status).toBe(413);
    expect(!received.ok && received.response.data.banner).toBe("form.unexpectedFields");
  });

  it("refuses a post for another form with 400", async () => {
    const received = await receive(post("contact", VALID));
    expect(!received.ok && received.response.init?.status).toBe(400);
    expect(!received.ok && received.response.data.formId).toBe("question");
  });

  it("answers a body that is not a form with 415", async () => {
    const thrown = await receive(post("question", VALID, { contentType: "application/json" })).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 415 } });
  });

  it("answers a schema failure with 400, the form's id and every field's error, as often as it is sent", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const received = await receive(
        post("question", [
          ["name", ""],
          ["email", "geen-adres"],
          ["website", ""],
        ]),
      );
      expect(received.ok).toBe(false);
      if (received.ok) return;
      expect(received.response.init?.status).toBe(400);
      expect(received.response.data.formId).toBe("question");
      expect(received.response.data).not.toHaveProperty("banner");
      expect(received.response.data.result.error).toEqual({
        name: ["validation.required"],
        email: ["validation.email"],
      });
    }
    expect((await receive(post("question", VALID))).ok).toBe(true);
  });

  it("refuses a post whose honeypot is filled with the form's failure banner", async () => {
    const received = await receive(
      post("question", [
        ["name", "Bot"],
        ["email", "bot@veldhaven-test.nl"],
        ["website", "https://spam.example"],
      ]),
    );
    expect(received.ok).toBe(false);
    if (received.ok) return;
    expect(received.response.init?.status).toBe(400);
    expect(received.response.data).toMatchObject({ formId: "question", banner: "question.failure" });
    expect(received.response.data.result.error).toMatchObject({ "": ["question.failure"] });
  });

  it("keys a post by its page render and its fields: the same post twice has one key, a changed one another", async () => {
    const render = "6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab";
    const keyOf = async (entries: [string, string][]) => {
      const received = await receive(post("question", [...entries, ["submission", render]]));
      return received.ok ? received.submissionKey : "refused";
    };
    const first = await keyOf(VALID);
    expect(first).toMatchObject({ scope: "form:question:nl" });
    expect(await keyOf(VALID)).toEqual(first);
    expect(
      await keyOf([
        ["name", "Lotte"],
        ["email", "lotte@veldhaven-test.nl"],
        ["website", ""],
        ["topics", "a"],
      ]),
    ).not.toEqual(first);
    // No id, or not one a page makes: no key (the post is taken as a new one).
    const withoutId = await receive(post("question", VALID));
    expect(withoutId.ok && withoutId.submissionKey).toBeUndefined();
    const forged = await receive(post("question", [...VALID, ["submission", "<script>"]]));
    expect(forged.ok && forged.submissionKey).toBeUndefined();
  });

  it("staff forms (guard: false) have no honeypot", async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const received = await receive(
        post("question", [
          ["name", "Lotte"],
          ["email", "lotte@veldhaven-test.nl"],
          ["website", "filled"],
        ]),
        { guard: false },
      );
      expect(received.ok).toBe(true);
    }
  });

  it("adjusts the post before parsing (prepare), and takes a schema that replaces the definition's", async () => {
    const received = await receive(post("question", VALID), {
      failureBanner: "question.failure",
      prepare: (formData) => formData.append("topics", "added"),
      schema: questionForm.schema.transform((value) => ({ ...value, name: value.name.toUpperCase() })),
    });
    expect(received.ok && received.value).toEqual({
      name: "LOTTE",
      email: "lotte@veldhaven-test.nl",
      topics: ["added"],
    });
  });
});

describe("a form shown again", () => {
  it("never sends a hidden field back", async () => {
    const request = post("sign-in", [
      ["email", "anna@veldhaven.nl"],
      ["password", "kort"],
    ]);
    const received = await receivePublicForm(argsFor(request, "192.0.2.1"), signInForm, {
      guard: false,
      hideFields: ["password"],
    });
    expect(received.ok).toBe(false);
    if (received.ok) return;
    expect(received.response.data.result.error).toEqual({ password: ["too-short"] });
    expect(received.response.data.result.initialValue).toEqual({ form: "sign-in", email: "anna@veldhaven.nl" });
    expect(JSON.stringify(received.response.data)).not.toContain("kort");
  });

  it("formReply: the form's id, field errors, a banner as the form's error, 400 unless told otherwise", async () => {
    const { parseWithZod } = await import("@conform-to/zod/v4");
    const data = new FormData();
    data.set("email", "anna@veldhaven.nl");
    data.set("password", "Zonnebloem-Kade-42");
    const submission = parseWithZod(data, { schema: signInForm.schema });
    const reply = formReply(signInForm, submission, {
      fieldErrors: { email: ["staff.login.invalid"] },
      banner: "staff.login.failed",
    });
    expect(reply.init?.status).toBe(400);
    expect(reply.data).toMatchObject({ formId: "sign-in", banner: "staff.login.failed" });
    expect(reply.data.result.error).toEqual({ email: ["staff.login.invalid"], "": ["staff.login.failed"] });
    expect(formReply(signInForm, submission, { status: 401 }).init?.status).toBe(401);
    expect(formReply(signInForm, submission).data).not.toHaveProperty("banner");
  });
});
