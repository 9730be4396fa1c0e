/**
 * The portability package as the person opens it: a zip that unzips with
 * an ordinary tool (fflate here), one JSON file per system exactly as it
 * answered, and a manifest whose SHA-256 and size match each file.
 */
import { createHash } from "node:crypto";

import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";

import { EmptyPackageError, MANIFEST_NAME, packageStream, type PackageSource } from "./portability-package.server";

const source = (name: string, text: string, chunkSize = 7): PackageSource => ({
  name,
  async *open() {
    const bytes = Buffer.from(text);
    for (let offset = 0; offset < bytes.length; offset += chunkSize) yield bytes.subarray(offset, offset + chunkSize);
  },
});

async function unzipped(sources: PackageSource[]) {
  const built = packageStream({ reference: "PR-2025-ABCDEF", createdAt: new Date("2025-03-04T10:11:12Z"), sources });
  const chunks: Uint8Array[] = [];
  for await (const chunk of built.bytes) chunks.push(chunk);
  return { files: unzipSync(Buffer.concat(chunks)), manifest: built.manifest };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the portability package", () => {
  it("unzips to each system's JSON file as answered and a manifest whose hashes and sizes match", async () => {
    const crm = JSON.stringify({ subscriptions: [{ title: "Dagblad Oost", since: "2019-02-01" }] }, null, 2);
    const newsletters = `[${'{"list":"ochtend"},'.repeat(5000)}{"list":"avond"}]`;
    const { files, manifest } = await unzipped([
      source("crm.json", crm),
      source("newsletters.json", newsletters, 4096),
    ]);

    expect(Object.keys(files).sort()).toEqual(["crm.json", MANIFEST_NAME, "newsletters.json"]);
    expect(strFromU8(files["crm.json"])).toBe(crm);
    expect(strFromU8(files["newsletters.json"])).toBe(newsletters);
    const stored = JSON.parse(strFromU8(files[MANIFEST_NAME])) as typeof manifest;
    expect(stored).toEqual(manifest);
    expect(stored.reference).toBe("PR-2025-ABCDEF");
    expect(stored.createdAt).toBe("2025-03-04T10:11:12.000Z");
    expect(stored.files.map((file) => file.name)).toEqual(["crm.json", "newsletters.json"]);
    for (const file of stored.files) {
      expect(file.sha256).toBe(sha256(files[file.name]));
      expect(file.bytes).toBe(files[file.name].byteLength);
      expect(() => JSON.parse(strFromU8(files[file.name]))).not.toThrow();
    }
  });

  it("keeps two files of the same name apart, and none takes the manifest's name", async () => {
    const { files, manifest } = await unzipped([
      source("crm.json", "{}"),
      source("crm.json", "[]"),
      source(MANIFEST_NAME, '{"a":1}'),
    ]);
    expect(manifest.files.map((file) => file.name)).toEqual(["crm.json", "crm-2.json", "manifest-2.json"]);
    expect(strFromU8(files["crm-2.json"])).toBe("[]");
    expect(strFromU8(files["manifest-2.json"])).toBe('{"a":1}');
  });

  it("refuses a package without any system's data, before a byte is made", () => {
    expect(() => packageStream({ reference: "PR-2025-EMPTY1", createdAt: new Date(), sources: [] })).toThrow(
      EmptyPackageError,
    );
  });
});
