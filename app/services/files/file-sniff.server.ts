/**
 * What a file is, told by its first bytes, never by its name.
 * Binary kinds by their signature (file-type); CSV and JSON are text, so:
 * valid UTF-8 without control characters, JSON when it opens with `{` or
 * `[`, CSV otherwise, and markup (`<`) refused, as a browser could take it
 * for a page.
 */
import { fileTypeFromBuffer } from "file-type";

import { FILE_KINDS, type FileKind } from "~/domain/request-file";

const BINARY_KINDS: Record<string, FileKind> = {
  pdf: "pdf",
  zip: "zip",
  png: "png",
  apng: "png",
  jpg: "jpeg",
  gif: "gif",
  webp: "webp",
};

/** Tab, line feed and carriage return are text; any other C0 control, or DEL, is not. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

function textKind(sample: Uint8Array, complete: boolean): FileKind | null {
  let text: string;
  try {
    // `stream`: a sample cut inside a character is not an error.
    text = new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: !complete });
  } catch {
    return null;
  }
  text = text.replace(/^\uFEFF/, "");
  if (hasControlCharacter(text)) return null;
  const start = text.trimStart()[0];
  if (start === undefined || start === "<") return null;
  if (start !== "{" && start !== "[") return "csv";
  if (!complete) return "json";
  try {
    JSON.parse(text);
    return "json";
  } catch {
    return null;
  }
}

/**
 * The kind of a file from its first bytes (`complete`: the sample is the
 * whole file), or null when it is none of the kinds we accept.
 */
export async function sniffFileKind(
  sample: Uint8Array,
  complete: boolean,
): Promise<{ kind: FileKind; mediaType: string } | null> {
  const detected = await fileTypeFromBuffer(sample);
  const kind = detected ? (BINARY_KINDS[detected.ext] ?? null) : textKind(sample, complete);
  return kind ? { kind, mediaType: FILE_KINDS[kind] } : null;
}
