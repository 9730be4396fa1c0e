import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { FILE_LIMITS } from "~/domain/request-file";
import { openChunk, sealChunk } from "~/services/files/file-seal.server";
import { sniffFileKind } from "~/services/files/file-sniff.server";
import { downloadDeliveredFile, inspectDelivery } from "~/services/privacy-request/answer-delivery.server";
import { deleteExpiredFiles } from "~/services/privacy-request/answer-retention.server";
import { attachAnswerFile, deliverAnswer } from "~/services/privacy-request/answer.server";
import { readFile, storeFile } from "~/services/privacy-request/file-store.server";
import { submitPrivacyRequest } from "~/services/privacy-request/record.server";

import { describeEachDatabase } from "../../../tests/setup/unit-database";
import { useTestConfig } from "../../../tests/setup/unit-process";

process.env.EMAIL_DOMAIN_CHECK = "false";
process.env.TARGET_LIMIT_PER_HOUR = "1000";
process.env.TARGET_LIMIT_PER_DAY = "10000";
process.env.PRIVACY_RATE_LIMIT_PER_HOUR = "100000";

const KEY = randomBytes(32);
const OFFICER = { email: "officer@veldhavenmedia.nl" };
const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(size - 9)]);

/** The bytes as a browser's upload arrives: in 64 KB pieces. */
async function* pieces(bytes: Buffer, size = 65_536): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  return Buffer.concat(parts);
}

describe("sealed chunks", () => {
  const place = { fileId: "file-1", seq: 0, last: true };
  it("open only where they were sealed, unchanged, with the same key", () => {
    const sealed = sealChunk(KEY, place, Buffer.from("inzage"));
    expect(openChunk(KEY, place, sealed).toString()).toBe("inzage");
    expect(() => openChunk(KEY, { ...place, fileId: "file-2" }, sealed)).toThrow();
    expect(() => openChunk(KEY, { ...place, seq: 1 }, sealed)).toThrow();
    // A file cut short: its new last chunk was not sealed as the last.
    expect(() => openChunk(KEY, place, sealChunk(KEY, { ...place, last: false }, Buffer.from("x")))).toThrow();
    const flipped = Buffer.from(sealed);
    flipped[14] ^= 1;
    expect(() => openChunk(KEY, place, flipped)).toThrow();
    expect(() => openChunk(randomBytes(32), place, sealed)).toThrow();
  });
});

describe("the kind of a file, by its content", () => {
  it("takes PDF, ZIP, images, CSV and JSON, and nothing else, whatever the name would say", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex");
    const zip = Buffer.concat([Buffer.from("504b0304140000000800", "hex"), randomBytes(40)]);
    expect((await sniffFileKind(pdf(100), true))?.mediaType).toBe("application/pdf");
    expect((await sniffFileKind(png, true))?.mediaType).toBe("image/png");
    expect(
      (await sniffFileKind(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]), true))?.mediaType,
    ).toBe("image/jpeg");
    expect((await sniffFileKind(zip, true))?.mediaType).toBe("application/zip");
    expect((await sniffFileKind(Buffer.from("naam;e-mail\nAnna;anna@example.nl\n"), true))?.mediaType).toBe("text/csv");
    expect((await sniffFileKind(Buffer.from('\uFEFF{"naam":"Anna"}'), true))?.mediaType).toBe("application/json");
    // Refused: a program, markup a browser would render, broken JSON, binary noise, control characters.
    expect(await sniffFileKind(Buffer.concat([Buffer.from("MZ\x90\x00"), randomBytes(200)]), true)).toBeNull();
    expect(await sniffFileKind(Buffer.from("<html><script>alert(1)</script>"), true)).toBeNull();
    expect(await sniffFileKind(Buffer.from('{"naam": '), true)).toBeNull();
    expect(await sniffFileKind(Buffer.from([0xc3, 0x28, 0x00, 0x01]), true)).toBeNull();
    expect(await sniffFileKind(Buffer.from("a\u0000b"), true)).toBeNull();
  });
});

describeEachDatabase("files of a request on $name", (database) => {
  useTestConfig();
  const db = () => database.db;

  async function openRequest(email: string, locale: "nl_nl" | "fr_be" = "nl_nl") {
    const site =
      locale === "fr_be"
        ? ({ country: "be", locale, language: "fr" } as const)
        : ({ country: "nl", locale, language: "nl" } as const);
    const outcome = await submitPrivacyRequest({ flowType: "RIGHT_OF_ACCESS", email }, site, {
      requestOrigin: "",
      clientIp: "192.0.2.20",
      db: db(),
    });
    if (outcome.status !== "accepted") throw new Error("not accepted");
    await db()
      .updateTable("privacy_request")
      .set({
        state: "OPEN",
        verified_at: new Date().toISOString(),
        due_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
      .where("id", "=", outcome.id)
      .execute();
    return db().selectFrom("privacy_request").selectAll().where("id", "=", outcome.id).executeTakeFirstOrThrow();
  }
  const rows = async (requestId: string) =>
    db().selectFrom("request_file").selectAll().where("request_id", "=", requestId).execute();
  const chunkCount = async () =>
    Number(
      (
        await db()
          .selectFrom("file_chunk")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("keeps no invisible characters in a file's name: bidi controls, zero-width and tag characters", async () => {
    const request = await openRequest("namen@veldhaven-test.nl");
    const store = (filename: string) =>
      storeFile(db(), {
        requestId: request.id,
        direction: "ANSWER",
        uploadedBy: OFFICER.email,
        filename,
        bytes: pieces(pdf(2_000)),
      });
    expect(await store("ID-kaart\u202egpj.pdf")).toMatchObject({ status: "stored", file: { name: "ID-kaartgpj.pdf" } });
    expect(await store("brief\u200b\u200d\u2060\ufeff.pdf")).toMatchObject({
      status: "stored",
      file: { name: "brief.pdf" },
    });
    expect(await store("scan\u{E0041}\u{E0042}\u2028.pdf")).toMatchObject({
      status: "stored",
      file: { name: "scan.pdf" },
    });
    expect(await store("\u2066\u2069")).toMatchObject({ status: "stored", file: { name: "file" } });
  });

  it("stores a file in sealed 1 MB chunks and reads back the same bytes", async () => {
    const request = await openRequest("chunks@veldhaven-test.nl");
    const bytes = pdf(2 * FILE_LIMITS.chunkBytes + 12_345);
    const outcome = await storeFile(db(), {
      requestId: request.id,
      direction: "ANSWER",
      uploadedBy: OFFICER.email,
      filename: "C:\\map\\inzage\u0007.pdf",
      bytes: pieces(bytes),
    });
    expect(outcome).toMatchObject({
      status: "stored",
      file: { name: "inzage.pdf", media_type: "application/pdf", size: bytes.length },
    });
    const [row] = await rows(request.id);
    expect(row).toMatchObject({ status: "STORED", chunk_count: 3 });
    const chunks = await db().selectFrom("file_chunk").select("data").where("file_id", "=", row.id).execute();
    expect(chunks.some((chunk) => Buffer.from(chunk.data).includes(bytes.subarray(0, 32)))).toBe(false);
    expect(Buffer.compare(await collect(readFile(db(), row)), bytes)).toBe(0);
  });

  it("refuses, keeping nothing, a file over 25 MB, of another kind, or empty; and a request past 100 MB, also when two uploads race", async () => {
    const request = await openRequest("limits@veldhaven-test.nl");
    const store = (filename: string, bytes: Buffer) =>
      storeFile(db(), {
        requestId: request.id,
        direction: "ANSWER",
        uploadedBy: OFFICER.email,
        filename,
        bytes: pieces(bytes, 1_000_000),
      });
    expect(await store("groot.pdf", pdf(FILE_LIMITS.fileBytes + 1))).toEqual({
      status: "refused",
      problem: "tooLarge",
      name: "groot.pdf",
    });
    expect(
      await store("programma.pdf", Buffer.concat([Buffer.from("MZ"), randomBytes(3 * FILE_LIMITS.chunkBytes)])),
    ).toMatchObject({ problem: "wrongType" });
    expect(await store("leeg.pdf", Buffer.alloc(0))).toMatchObject({ problem: "empty" });
    expect(await rows(request.id)).toHaveLength(0);
    expect(await chunkCount()).toBe(0);

    // 97 MB already there (the facts only: their bytes do not matter here).
    await db()
      .insertInto("request_file")
      .values({
        id: "earlier",
        request_id: request.id,
        direction: "ANSWER",
        status: "STORED",
        name: "eerder.zip",
        media_type: "application/zip",
        size: 97 * 1024 * 1024,
        chunk_count: 0,
        key_id: "x",
        uploaded_by: OFFICER.email,
        delivery_id: null,
        created_at: new Date().toISOString(),
        deleted_at: null,
      })
      .execute();
    const outcomes = await Promise.all([store("a.pdf", pdf(2_000_000)), store("b.pdf", pdf(2_000_000))]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["refused", "stored"]);
    expect(outcomes.find((outcome) => outcome.status === "refused")).toMatchObject({ problem: "requestTooLarge" });
    expect((await rows(request.id)).map((row) => row.status).sort()).toEqual(["STORED", "STORED"]);
  });

  it("delivers by a link in the request's language, downloads with an audit event, and deletes the files once the window has passed", async () => {
    const request = await openRequest("levering@veldhaven-test.nl", "fr_be");
    const bytes = pdf(1_200_000);
    expect(
      await attachAnswerFile(db(), request, OFFICER, { filename: "données.pdf", bytes: pieces(bytes) }),
    ).toMatchObject({ status: "stored" });
    const now = new Date();
    expect(await deliverAnswer(db(), request.reference, OFFICER, { message: "Voici vos données." }, now)).toEqual({
      status: "done",
    });
    expect(await deliverAnswer(db(), request.reference, OFFICER, { message: "Encore." }, now)).toEqual({
      status: "not-allowed",
    });
    const mail = await db()
      .selectFrom("outbox")
      .select(["kind", "text_body", "subject"])
      .where("recipient", "=", "levering@veldhaven-test.nl")
      .where("kind", "=", "privacy-answer")
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Votre réponse est prête (${request.reference})`);
    expect(mail.text_body).not.toContain("Voici vos données.");
    const token = /\/fr\/privacy-rights\/answer\?token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)![1];

    const view = await inspectDelivery(db(), token, now);
    expect(view).toMatchObject({
      status: "valid",
      reference: request.reference,
      message: "Voici vos données.",
      files: [{ name: "données.pdf", size: bytes.length }],
    });
    if (view.status !== "valid") throw new Error("not valid");
    const download = await downloadDeliveredFile(db(), token, view.files[0].id, now);
    if (download.status !== "ok") throw new Error(download.status);
    expect(Buffer.compare(await collect(download.body), bytes)).toBe(0);
    expect(await downloadDeliveredFile(db(), token, "another-file", now)).toEqual({ status: "no-file" });
    expect(await inspectDelivery(db(), "x".repeat(43), now)).toEqual({ status: "unknown" });
    const events = await db()
      .selectFrom("audit_event")
      .select("action")
      .where("request_id", "=", request.id)
      .orderBy("seq")
      .execute();
    expect(events.map((event) => event.action)).toEqual([
      "SUBMITTED",
      "FILE_ATTACHED",
      "ANSWER_SENT",
      "FILE_DOWNLOADED",
    ]);

    const later = new Date(now.getTime() + 15 * 86_400_000);
    expect(await inspectDelivery(db(), token, later)).toEqual({ status: "expired" });
    expect(await deleteExpiredFiles(db(), later)).toBe(1);
    expect(await deleteExpiredFiles(db(), later)).toBe(0);
    expect(await chunkCount()).toBe(0);
    expect(await rows(request.id)).toMatchObject([{ status: "DELETED", name: "données.pdf", downloads: 1 }]);
    expect(await downloadDeliveredFile(db(), token, view.files[0].id, now)).toEqual({ status: "expired" });
  });
});
