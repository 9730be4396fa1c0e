/**
 * Files that travel with a privacy request: the answer an officer
 * delivers, and what the person sends when asked for more information. One
 * home for their limits and the kinds of file we accept.
 */

const MIB = 1024 * 1024;

/** Each file at most 25 MB, all files of one request together at most 100 MB. */
export const FILE_LIMITS = {
  fileBytes: 25 * MIB,
  requestBytes: 100 * MIB,
  /** A file is stored in rows of this size, each sealed on its own. */
  chunkBytes: MIB,
  /** Files in one post. */
  filesPerPost: 10,
} as const;

/** Kinds accepted, told by the content (file-sniff.server.ts), never by the name. */
export const FILE_KINDS = {
  pdf: "application/pdf",
  zip: "application/zip",
  csv: "text/csv",
  json: "application/json",
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;
export type FileKind = keyof typeof FILE_KINDS;

/** ANSWER: the officer's to the person; FROM_PERSON: the person's reply. */
export type FileDirection = "ANSWER" | "FROM_PERSON";

/**
 * Why an upload was refused, as the form says it. `notJson`: the data of a
 * portability package must be JSON (an object or array), checked whole.
 */
export type UploadProblem = "tooLarge" | "requestTooLarge" | "wrongType" | "empty" | "tooMany" | "noFile" | "notJson";

/** A file an upload refused, and why; `name` is empty when the refusal is about the post (too many files, none). */
export type UploadRefusal = { name: string; problem: UploadProblem };

/** What one post of files came to: how many were kept and which were refused. */
export type UploadOutcome = { added: number; refused: UploadRefusal[] };
