import type { ReactNode } from "react";

/**
 * A table of figures (issue 42): its caption names it and its scrolling
 * region (a wide table scrolls inside the region, never the page: WCAG
 * 1.4.10's exception for data tables), a header cell for each column, and
 * each row's first cell a row header (`<th scope="row">`, given by the caller).
 */
export function FigureTable({ id, caption, head, children }: { id: string; caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="app-table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="app-table app-figure-table" data-figures={id}>
        <caption id={`${id}-caption`} className="app-figure-table__caption">
          {caption}
        </caption>
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
  );
}
