/**
 * The package a data portability request is answered with (GDPR Art.
 * 20(1): "in a structured, commonly used and machine-readable format"):
 * one zip with the JSON file of each system as it answered, and
 * `manifest.json`, which names every file with its SHA-256 and size, so the
 * person (or the controller they hand it to) can check that nothing changed
 * on the way. Built as the files are read, never whole in memory: each
 * file's bytes are hashed and deflated as they come, the manifest goes last.
 * Nothing here touches the database.
 */
import { createHash } from "node:crypto";

import { strToU8, Zip, ZipDeflate } from "fflate";

export const MANIFEST_NAME = "manifest.json";

/** A file of the package: its name in the zip, and its bytes when asked for. */
export type PackageSource = { name: string; open: () => AsyncIterable<Uint8Array> };

export type PackageManifest = {
  reference: string;
  createdAt: string;
  files: { name: string; sha256: string; bytes: number }[];
};

/** A package without any system's data says nothing: the officer is told, no empty zip goes out. */
export class EmptyPackageError extends Error {
  constructor(reference: string) {
    super(`The package of ${reference} holds no system's data`);
    this.name = "EmptyPackageError";
  }
}

/** The zip's own name, as the person's download offers it. */
export const packageFileName = (reference: string) => `${reference}.zip`;

/** Names unique within the zip: a second `crm.json` becomes `crm-2.json`; none may be the manifest's. */
function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set([MANIFEST_NAME]);
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let count = 2; taken.has(candidate); count += 1) candidate = `${stem}-${count}${extension}`;
    taken.add(candidate);
    return candidate;
  });
}

/**
 * The zip's bytes, chunk by chunk. Refuses (EmptyPackageError, before a
 * byte) a package without sources. `manifest` is filled in as the files are
 * read: whole once the stream has ended.
 */
export function packageStream(input: { reference: string; createdAt: Date; sources: readonly PackageSource[] }): {
  bytes: AsyncIterable<Uint8Array>;
  manifest: PackageManifest;
} {
  if (input.sources.length === 0) throw new EmptyPackageError(input.reference);
  const manifest: PackageManifest = {
    reference: input.reference,
    createdAt: input.createdAt.toISOString(),
    files: [],
  };
  const names = uniqueNames(input.sources.map((source) => source.name));

  async function* bytes(): AsyncGenerator<Uint8Array> {
    const ready: Uint8Array[] = [];
    let failure: Error | null = null;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else ready.push(chunk);
    });
    function* drain(): Generator<Uint8Array> {
      if (failure) throw failure;
      while (ready.length > 0) yield ready.shift()!;
    }
    const entry = (name: string) => {
      const file = new ZipDeflate(name, { level: 6 });
      file.mtime = input.createdAt;
      zip.add(file);
      return file;
    };
    for (const [index, source] of input.sources.entries()) {
      const file = entry(names[index]);
      const hash = createHash("sha256");
      let size = 0;
      for await (const chunk of source.open()) {
        hash.update(chunk);
        size += chunk.byteLength;
        file.push(chunk);
        yield* drain();
      }
      file.push(new Uint8Array(0), true);
      yield* drain();
      manifest.files.push({ name: names[index], sha256: hash.digest("hex"), bytes: size });
    }
    entry(MANIFEST_NAME).push(strToU8(`${JSON.stringify(manifest, null, 2)}\n`), true);
    zip.end();
    yield* drain();
  }

  return { bytes: bytes(), manifest };
}
