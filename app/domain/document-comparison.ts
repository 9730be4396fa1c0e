/**
 * What changed between two versions of a legal document, read as text: the
 * comparison service (app/services/site/document-diff.server.ts) makes it, the
 * comparison view shows it. It lives here because a component may not import a
 * *.server module, not even for a type.
 */

/** A run of words in a changed block: kept, new in the later version, or gone from it. */
export type DiffSegment = { kind: "same" | "added" | "removed"; text: string };

/** A heading that came, went or got a new title (matched by its `{#id}` anchor). */
export type HeadingChange =
  | { change: "added"; id: string; level: number; newText: string }
  | { change: "removed"; id: string; level: number; oldText: string }
  | { change: "renamed"; id: string; level: number; oldText: string; newText: string };

/** The paragraph-level pieces a document is compared in. */
export type BlockKind = "heading" | "paragraph" | "item" | "row";

type BlockShape = { kind: BlockKind; /** 2 or 3 for a heading, 0 otherwise. */ level: number };

export type ComparedBlock =
  | (BlockShape & { change: "same" | "added" | "removed"; text: string })
  | (BlockShape & { change: "changed"; segments: DiffSegment[] });

export type DocumentComparison = {
  /** True when no block and no heading differs. */
  identical: boolean;
  headings: HeadingChange[];
  blocks: ComparedBlock[];
};
