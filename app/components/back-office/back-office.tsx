/** Pieces every back-office page shares. */
import type { ReactNode } from "react";
import { Form, href, Link, NavLink, useLocation } from "react-router";

import { PageTitle } from "~/components/page-title";
import { useTranslation } from "~/i18n/use-translation";
import { dateTimeFormat } from "~/utils/intl-formats";
import { usePageLanguageTag, useSite } from "~/utils/site";

/**
 * The back office's sections, beside the unsubscribe form. An agent
 * sees the requests given to them and the search; the rest is officers'.
 */
export function BackOfficeNav({ officer }: { officer: boolean }) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const officers = (
    <>
      <li>
        <NavLink to={href("/:lang/internal-privacy-rights/ad-reports", { lang })}>
          {t("backOffice.nav.reports")}
        </NavLink>
      </li>
      <li>
        <NavLink to={href("/:lang/internal-privacy-rights/ad-labels", { lang })}>
          {t("backOffice.nav.adLabels")}
        </NavLink>
      </li>
      <li>
        <NavLink to={href("/:lang/internal-privacy-rights/systems", { lang })}>{t("backOffice.nav.systems")}</NavLink>
      </li>
      <li>
        <NavLink to={href("/:lang/internal-privacy-rights/reports", { lang })}>{t("backOffice.nav.figures")}</NavLink>
      </li>
    </>
  );
  return (
    <nav className="app-back-office-nav" aria-label={t("backOffice.nav.label")}>
      <ul>
        <li>
          <NavLink to={href("/:lang/internal-privacy-rights/requests", { lang })}>
            {t(officer ? "backOffice.nav.requests" : "backOffice.nav.myRequests")}
          </NavLink>
        </li>
        <li>
          <NavLink to={href("/:lang/internal-privacy-rights/search", { lang })}>{t("backOffice.nav.search")}</NavLink>
        </li>
        {officer ? officers : null}
        <li>
          <NavLink to={href("/:lang/internal-privacy-rights/direct-marketing", { lang })}>
            {t("backOffice.nav.form")}
          </NavLink>
        </li>
        {officer ? (
          <li>
            <a href={href("/:lang/internal-privacy-rights/suppressions/export", { lang })} download>
              {t("backOffice.nav.suppressions")}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** Previous / next links that keep the filters (GET, so they work without JavaScript). */
function Pager({ page, pageCount, search }: { page: number; pageCount: number; search: string }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const pageLink = (target: number) => {
    const params = new URLSearchParams(search);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const query = params.toString();
    return query ? `?${query}` : ".";
  };
  return (
    <nav className="app-pagination" aria-label={t("backOffice.page", { page, count: pageCount })}>
      <ul className="app-pagination__list">
        {page > 1 ? (
          <li>
            <Link to={pageLink(page - 1)} rel="prev">
              {t("backOffice.previous")}
            </Link>
          </li>
        ) : null}
        <li>
          <span className="app-pagination__current" aria-current="page">
            {t("backOffice.page", { page, count: pageCount })}
          </span>
        </li>
        {page < pageCount ? (
          <li>
            <Link to={pageLink(page + 1)} rel="next">
              {t("backOffice.next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * A back-office list (requests, ad reports): its title, a GET filter form (a
 * filtered list is a URL to share), how many match (announced), the table or
 * an empty message, its pages and the whole filtered list (every page) as a
 * CSV download from `exportHref`. Its texts are `backOffice.<area>.*`.
 */
export function FilteredList(props: {
  area: "requests" | "reports";
  filters: ReactNode;
  total: number;
  head: string[];
  rows: ReactNode[];
  page: number;
  pageCount: number;
  /** Officers only: staff downloads answer agents 403. */
  exportHref?: string;
  /** What comes after the table (the bulk actions' form). */
  after?: ReactNode;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const exportParams = new URLSearchParams(search);
  exportParams.delete("page");
  const title = t(`backOffice.${props.area}.title`);
  return (
    <>
      <header className="app-page-header">
        <h1 className="app-heading-1">{title}</h1>
      </header>
      <Form
        method="get"
        className="app-ad-filters"
        role="search"
        aria-label={t(`backOffice.${props.area}.filtersLabel`)}
      >
        {props.filters}
        <button type="submit" className="app-button">
          {t("backOffice.filter")}
        </button>
      </Form>
      <p role="status">{t(`backOffice.${props.area}.count`, { count: props.total })}</p>
      {props.rows.length === 0 ? (
        <p className="app-empty">{t(`backOffice.${props.area}.empty`)}</p>
      ) : (
        <Table caption={title} head={props.head}>
          {props.rows}
        </Table>
      )}
      <Pager page={props.page} pageCount={props.pageCount} search={search} />
      {props.after}
      {props.exportHref ? (
        <p>
          <a href={`${props.exportHref}${exportParams.size ? `?${exportParams}` : ""}`} download>
            {t("backOffice.export")}
          </a>
        </p>
      ) : null}
    </>
  );
}

/** A select of a GET filter form, with "all" first. */
export function FilterSelect(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <div className="app-ad-filters__field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} name={props.name} defaultValue={props.value} key={`${props.name}-${props.value}`}>
        <option value="">{t("backOffice.any")}</option>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date and time as staff read it, in Brussels time. */
export function useDateTime(): (iso: string | null) => string {
  const tag = usePageLanguageTag();
  return (iso) =>
    iso
      ? dateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Brussels" }).format(
          new Date(iso),
        )
      : "—";
}

export function Table(props: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="app-table-scroll" role="region" aria-label={props.caption} tabIndex={0}>
      <table className="app-table">
        <caption className="app-visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** The top of one case (a privacy request, an ad report): its own title, the way back to its list, its heading and one summary line. */
export function CaseHeader(props: {
  titleKey: string;
  reference: string;
  backTo: string;
  backLabel: string;
  error?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {/* Each case its own title (its reference); 'Fout: ' after a failed action or refused upload (`error`). */}
      <PageTitle titleKey={props.titleKey} values={{ reference: props.reference }} error={props.error} />
      <p className="app-back-link">
        <Link to={props.backTo}>{props.backLabel}</Link>
      </p>
      <header className="app-page-header">
        <h1 className="app-heading-1">{t(props.titleKey, { reference: props.reference })}</h1>
        <p>{props.children}</p>
      </header>
    </>
  );
}

/** One action of a case, a titled box (named by its heading when `id` is given, else by `aria-label`). */
export function ActionBox({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section className="app-action" {...(id ? { "aria-labelledby": id } : { "aria-label": title })}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** What can still be done with a case; `refused` says why a form sent for a state the case has left (another officer acted first) did nothing. */
export function CaseActions({ refused, children }: { refused: string | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="app-section" aria-labelledby="actions">
      <h2 id="actions">{t("backOffice.request.actionsTitle")}</h2>
      {refused ? (
        <p className="app-notice app-notice--error" role="alert">
          {t(refused)}
        </p>
      ) : null}
      {children}
    </section>
  );
}

/** One step of a case's trail: what happened, when, who (if anyone), and the note with it. */
export type CaseEvent = {
  key: string | number;
  what: string;
  at: string | null;
  who?: string | null;
  note?: string | null;
};

/** A case's trail, oldest first. */
export function CaseHistory({ events }: { events: CaseEvent[] }) {
  const { t } = useTranslation();
  const when = useDateTime();
  return (
    <section className="app-section" aria-labelledby="history">
      <h2 id="history">{t("backOffice.request.history")}</h2>
      <ol className="app-history">
        {events.map((event) => (
          <li key={event.key}>
            <strong>{event.what}</strong> · {when(event.at)}
            {event.who ? ` · ${event.who}` : ""}
            {event.note ? <p className="app-history__note">{event.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
