/**
 * The year's published figures per right, and all rights
 * together, as a table with bars under the counts (the register at a
 * glance's pattern: the table is what a screen reader reads). A count not
 * published (under the minimum, or one it could be worked out from) reads
 * "not published"; a share or median drawn from such a count reads as a
 * dash, which the note under the table explains.
 * Where the table does not fit, each right with its figures under its name.
 */
import { FigureBar } from "~/components/figures/figure-bar";
import { useFigureFormat } from "~/components/figures/figure-format";
import { FigureCard, FigureTable } from "~/components/figures/figure-table";
import { MINIMUM_SHOWN, type PublicFigureRow, type PublicFigures } from "~/domain/public-figures";
import { useTranslation } from "~/i18n/use-translation";

function FigureRow({ label, row, max }: { label: string; row: PublicFigureRow; max?: number }) {
  const format = useFigureFormat();
  return (
    <tr className={max === undefined ? "app-figure-table__total" : undefined}>
      <th scope="row">{label}</th>
      <td>
        {format.publicCount(row.received)}
        {max === undefined ? null : <FigureBar value={row.received} max={max} />}
      </td>
      <td>{format.publicCount(row.answered)}</td>
      <td>{format.share(row.shareAnsweredWithinDeadline)}</td>
      <td>{format.days(row.medianDaysToAnswer)}</td>
      <td>{format.publicCount(row.extended)}</td>
    </tr>
  );
}

/** A phone's view: each right with its figures under its name, all rights last. */
function FigureCards({ figures, labels }: { figures: PublicFigures; labels: string[] }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const card = (title: string, row: PublicFigureRow) => (
    <FigureCard
      key={title}
      title={title}
      figures={[
        format.publicCount(row.received),
        format.publicCount(row.answered),
        format.share(row.shareAnsweredWithinDeadline),
        format.days(row.medianDaysToAnswer),
        format.publicCount(row.extended),
      ].map((value, index) => ({ label: labels[index], value }))}
    />
  );
  return (
    <>
      {figures.rights.map((row) => card(t(`privacyRights.figures.rights.${row.right}`), row))}
      {card(t("privacyRights.figures.allRights"), figures.total)}
    </>
  );
}

export function PublicFiguresTable({ figures }: { figures: PublicFigures }) {
  const { t } = useTranslation();
  const max = Math.max(0, ...figures.rights.map((row) => row.received ?? 0));
  const head = ["right", "received", "answered", "withinDeadline", "medianDays", "extended"].map((column) =>
    t(`privacyRights.figures.columns.${column}`),
  );
  return (
    <>
      <FigureTable
        id="public-figures"
        caption={t(figures.yearToDate ? "privacyRights.figures.captionSoFar" : "privacyRights.figures.caption", {
          year: figures.year,
        })}
        head={head}
        narrow={<FigureCards figures={figures} labels={head.slice(1)} />}
      >
        {figures.rights.map((row) => (
          <FigureRow key={row.right} label={t(`privacyRights.figures.rights.${row.right}`)} row={row} max={max} />
        ))}
        <FigureRow label={t("privacyRights.figures.allRights")} row={figures.total} />
      </FigureTable>
      <p className="app-figures__note">{t("privacyRights.figures.note", { minimum: MINIMUM_SHOWN })}</p>
    </>
  );
}
