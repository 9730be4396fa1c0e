import type { Generated } from "kysely";

import type { FileDirection } from "~/domain/request-file";

/** A request's files: those the person sends, the answer's, and the links that deliver an answer. */

/** A link that lets the data subject download an answer; only the token's SHA-256 is kept. */
export interface RequestDeliveryTable {
  id: string;
  request_id: string;
  token_hash: string;
  /** The officer's message, shown on the delivery page. */
  message: string;
  expires_at: string;
  created_at: string;
  files_deleted_at: string | null;
}

export type RequestFileStatus = "UPLOADING" | "STORED" | "DELETED";

/** A file's facts; its bytes are in file_chunk, sealed (services/files). */
export interface RequestFileTable {
  id: string;
  request_id: string;
  direction: FileDirection;
  status: RequestFileStatus;
  /** The name it was uploaded with, shown and offered on download. */
  name: string;
  /** Told by the content (file-sniff.server.ts). */
  media_type: string;
  size: number;
  chunk_count: number;
  /** Which key sealed it (file-seal.server.ts keyId). */
  key_id: string;
  /** A staff member's address, or DATA_SUBJECT. */
  uploaded_by: string;
  /** Set when an answer's file went out with a delivery. */
  delivery_id: string | null;
  /** By the person, through the delivery page (each is also in the trail). */
  downloads: Generated<number>;
  last_downloaded_at: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface FileChunkTable {
  file_id: string;
  seq: number;
  data: Buffer;
}
