import type { ReactNode } from "react";

import type { ComparedBlock, DiffSegment, DocumentComparison, HeadingChange } from "~/domain/document-comparison";
import { useTranslation } from "~/i18n/use-translation";

/** From this many unchanged paragraphs in a row, they fold away behind a count. */
const FOLDED_FROM = 3;

type Group = { folded: false; block: ComparedBlock } | { folded: true; blocks: ComparedBlock[] };

/**
 * Unchanged paragraphs, list items and rows in long runs fold into one group;
 * unchanged headings always stay in view, so the reader knows where a change is.
 */
function grouped(blocks: ComparedBlock[]): Group[] {
  const groups: Group[] = [];
  let run: ComparedBlock[] = [];
  const flush = () => {
    if (run.length >= FOLDED_FROM) groups.push({ folded: true, blocks: run });
    else groups.push(...run.map((block) => ({ folded: false as const, block })));
    run = [];
  };
  for (const block of blocks) {
    if (block.change === "same" && block.kind !== "heading") run.push(block);
    else {
      flush();
      groups.push({ folded: false, block });
    }
  }
  flush();
  return groups;
}

/**
 * A change is told in words, not by colour alone: each inserted or deleted
 * run starts with a visible label ("toegevoegd:", "verwijderd:"), which a
 * screen reader reads too (most do not announce <ins> and <del> themselves).
 */
function Marked({ kind, children }: { kind: "added" | "removed"; children: ReactNode }) {
  const { t } = useTranslation();
  const Tag = kind === "added" ? "ins" : "del";
  return (
    <Tag className={`app-diff__${kind}`}>
      <span className="app-diff__label">{t(`documents.compare.${kind}`)}</span> {children}
    </Tag>
  );
}

function Segments({ segments }: { segments: DiffSegment[] }) {
  return segments.map((segment, index) =>
    segment.kind === "same" ? (
      segment.text
    ) : (
      <Marked key={index} kind={segment.kind}>
        {segment.text}
      </Marked>
    ),
  );
}

function Block({ block }: { block: ComparedBlock }) {
  const content =
    block.change === "changed" ? (
      <Segments segments={block.segments} />
    ) : block.change === "same" ? (
      block.text
    ) : (
      <Marked kind={block.change}>{block.text}</Marked>
    );
  const className = `app-diff__block app-diff__block--${block.kind} app-diff__block--${block.change}`;
  // The page's h1 is the document's title and the comparison's own parts are h2: its headings sit one level lower.
  if (block.kind === "heading") {
    const Heading = block.level >= 3 ? "h4" : "h3";
    return <Heading className={className}>{content}</Heading>;
  }
  return <p className={className}>{content}</p>;
}

function HeadingSummaryItem({ change }: { change: HeadingChange }) {
  const { t } = useTranslation();
  return (
    <li className="app-diff__heading-change">
      <span className="app-diff__label">{t(`documents.compare.heading.${change.change}`)}</span>{" "}
      {change.change === "renamed" ? (
        <>
          <del className="app-diff__removed">{change.oldText}</del> <span aria-hidden="true">→</span>
          <span className="app-visually-hidden">{t("documents.compare.heading.becomes")}</span>{" "}
          <ins className="app-diff__added">{change.newText}</ins>
        </>
      ) : change.change === "added" ? (
        change.newText
      ) : (
        change.oldText
      )}
    </li>
  );
}

/**
 * Two versions of a legal document side by side in one column, read as text:
 * first the headings that came, went or were renamed, then the text with
 * every change marked. Works without JavaScript: folded runs are <details>.
 */
export function DocumentComparisonView({ comparison }: { comparison: DocumentComparison }) {
  const { t } = useTranslation();
  if (comparison.identical) return <p className="app-diff__none">{t("documents.compare.noDifferences")}</p>;
  return (
    <div className="app-diff">
      {comparison.headings.length > 0 && (
        <section aria-labelledby="app-diff-headings">
          <h2 id="app-diff-headings">{t("documents.compare.headingsTitle")}</h2>
          <ul className="app-diff__headings">
            {comparison.headings.map((change) => (
              <HeadingSummaryItem key={`${change.change}-${change.id}`} change={change} />
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="app-diff-text">
        <h2 id="app-diff-text">{t("documents.compare.textTitle")}</h2>
        {grouped(comparison.blocks).map((group, index) =>
          group.folded ? (
            <details key={index} className="app-diff__unchanged">
              <summary>{t("documents.compare.unchanged", { count: group.blocks.length })}</summary>
              {group.blocks.map((block, inner) => (
                <Block key={inner} block={block} />
              ))}
            </details>
          ) : (
            <Block key={index} block={group.block} />
          ),
        )}
      </section>
    </div>
  );
}
