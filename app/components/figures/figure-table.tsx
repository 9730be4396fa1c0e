import type { ReactNode } from "react";

/**
 * A table of figures for the officers and the public: a header cell for each column, and each
 * row's first cell a row header (`<th scope="row">`, given by the caller).
 * A wide table scrolls inside its region, never the page (WCAG 1.4.10's
 * exception for data tables); its caption stands above the region, not in
 * it, so that it stays in view however narrow the screen, and names both
 * the region and the table.
 *
 * `narrow`: the same figures for a screen where the table does not fit
 * (each row's figures under its name). Both are rendered; a container query
 * shows one and takes the other out (display: none), for screen readers too.
 */
export function FigureTable({
  id,
  caption,
  head,
  children,
  narrow,
}: {
  id: string;
  caption: string;
  head: string[];
  children: ReactNode;
  narrow?: ReactNode;
}) {
  const captionId = `${id}-caption`;
  return (
    <div className={`app-figures__block${narrow ? " app-figures__block--narrow" : ""}`}>
      <p id={captionId} className="app-figure-table__caption">
        {caption}
      </p>
      <div className="app-table-scroll app-figures__wide" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="app-table app-figure-table" aria-labelledby={captionId} data-figures={id}>
          <thead>
            <tr>
              {head.map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
      {narrow ? <div className="app-figures__narrow">{narrow}</div> : null}
    </div>
  );
}

/** One row of a table for a narrow screen: its name as a heading, its figures as a list of terms (GOV.UK's summary list). */
export function FigureCard({ title, figures }: { title: string; figures: { label: string; value: ReactNode }[] }) {
  return (
    <div className="app-figures__card">
      <h3 className="app-figures__card-title">{title}</h3>
      <dl className="app-figures__summary">
        {figures.map((figure) => (
          <div key={figure.label} className="app-figures__summary-row">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
