import { diffArrays, diffWords } from "diff";

import type { ComparedBlock, DiffSegment, DocumentComparison, HeadingChange } from "~/domain/document-comparison";

import { documentBlocks, type DocumentBlock } from "./document-blocks.server";

/**
 * Below this share of kept characters a removed block and the added block
 * beside it are two different texts, shown as one gone and one new, not as
 * a word-by-word rewrite nobody could read.
 */
const MIN_KEPT_SHARE = 0.3;

function headingChanges(from: DocumentBlock[], to: DocumentBlock[]): HeadingChange[] {
  const headings = (blocks: DocumentBlock[]) =>
    new Map(blocks.filter((item) => item.kind === "heading" && item.id !== "").map((item) => [item.id, item]));
  const before = headings(from);
  const after = headings(to);
  const changes: HeadingChange[] = [];
  // In the later version's order, then what it no longer has, in the earlier one's.
  for (const [id, heading] of after) {
    const old = before.get(id);
    if (!old) changes.push({ change: "added", id, level: heading.level, newText: heading.text });
    else if (old.text !== heading.text)
      changes.push({ change: "renamed", id, level: heading.level, oldText: old.text, newText: heading.text });
  }
  for (const [id, heading] of before) {
    if (!after.has(id)) changes.push({ change: "removed", id, level: heading.level, oldText: heading.text });
  }
  return changes;
}

function wordSegments(from: string, to: string): DiffSegment[] {
  const segments: DiffSegment[] = [];
  for (const part of diffWords(from, to)) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += part.value;
    else segments.push({ kind, text: part.value });
  }
  return segments;
}

function keptShare(segments: DiffSegment[]): number {
  const length = (kinds: DiffSegment["kind"][]) =>
    segments.filter((segment) => kinds.includes(segment.kind)).reduce((sum, segment) => sum + segment.text.length, 0);
  const kept = length(["same"]);
  return kept / Math.max(1, kept + Math.max(length(["removed"]), length(["added"])));
}

const shown = (item: DocumentBlock, change: "same" | "added" | "removed"): ComparedBlock => ({
  change,
  kind: item.kind,
  level: item.level,
  text: item.text,
});

/**
 * A stretch of blocks the later version replaced: a removed block and an added
 * one of the same kind, in the same place, close enough in words, are one
 * changed block; the rest are gone or new.
 */
function pairedStretch(removed: DocumentBlock[], added: DocumentBlock[]): ComparedBlock[] {
  const result: ComparedBlock[] = [];
  let r = 0;
  let a = 0;
  for (const part of diffArrays(
    removed.map((item) => `${item.kind}${item.level}`),
    added.map((item) => `${item.kind}${item.level}`),
  )) {
    if (part.removed) {
      for (let n = 0; n < part.value.length; n++) result.push(shown(removed[r++], "removed"));
    } else if (part.added) {
      for (let n = 0; n < part.value.length; n++) result.push(shown(added[a++], "added"));
    } else {
      for (let n = 0; n < part.value.length; n++) {
        const old = removed[r++];
        const next = added[a++];
        const segments = wordSegments(old.text, next.text);
        if (keptShare(segments) >= MIN_KEPT_SHARE)
          result.push({ change: "changed", kind: next.kind, level: next.level, segments });
        else result.push(shown(old, "removed"), shown(next, "added"));
      }
    }
  }
  return result;
}

const blockKey = (item: DocumentBlock) => `${item.kind}${item.level}\u0000${item.text}`;

/** Two versions of a document compared as text: the headings that changed, then every block, aligned. */
export function compareDocuments(from: { markdown: string }, to: { markdown: string }): DocumentComparison {
  const before = documentBlocks(from.markdown);
  const after = documentBlocks(to.markdown);
  const blocks: ComparedBlock[] = [];
  let removed: DocumentBlock[] = [];
  let added: DocumentBlock[] = [];
  let b = 0;
  let a = 0;
  const flush = () => {
    blocks.push(...pairedStretch(removed, added));
    removed = [];
    added = [];
  };
  for (const part of diffArrays(before.map(blockKey), after.map(blockKey))) {
    if (part.removed) removed.push(...before.slice(b, (b += part.value.length)));
    else if (part.added) added.push(...after.slice(a, (a += part.value.length)));
    else {
      flush();
      for (let n = 0; n < part.value.length; n++, b++, a++) blocks.push(shown(after[a], "same"));
    }
  }
  flush();
  const headings = headingChanges(before, after);
  return { identical: headings.length === 0 && blocks.every((item) => item.change === "same"), headings, blocks };
}

/**
 * The comparison as a page shows it: every text through `shown` (soft
 * hyphens at the syllables of long words, for a narrow screen). The
 * comparison itself is made without them.
 */
export function comparisonShown(comparison: DocumentComparison, shown: (text: string) => string): DocumentComparison {
  return {
    ...comparison,
    headings: comparison.headings.map((heading) => ({
      ...heading,
      ...("oldText" in heading ? { oldText: shown(heading.oldText) } : {}),
      ...("newText" in heading ? { newText: shown(heading.newText) } : {}),
    })),
    blocks: comparison.blocks.map((block) =>
      block.change === "changed"
        ? { ...block, segments: block.segments.map((segment) => ({ ...segment, text: shown(segment.text) })) }
        : { ...block, text: shown(block.text) },
    ),
  };
}
