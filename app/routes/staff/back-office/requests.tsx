import { useTranslation } from "~/i18n/use-translation";
import { Link, href } from "react-router";
import type { Route } from "./+types/requests";
import { FilteredList, FilterSelect, useDateTime } from "~/components/back-office/back-office";
import { getDb } from "~/db/instance.server";
import { COUNTRIES } from "~/domain/country";
import { isOverdue, REQUEST_STATES, RIGHT_TYPES } from "~/domain/privacy-request";
import { listRequests } from "~/services/privacy-request/back-office.server";
import { NOT_INDEXED, pageMeta } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { readRequestFilter } from "./filters.server";

/** Officers only; the filters are a GET form, so a filtered list is a URL to share. */
export async function loader({ request }: Route.LoaderArgs) {
  const filter = readRequestFilter(new URL(request.url).searchParams);
  const now = new Date();
  const { requests, total, page, pageCount } = await listRequests(await getDb(), filter, { page: filter.page, now });
  return {
    filter,
    total,
    page,
    pageCount,
    requests: requests.map((row) => ({
      reference: row.reference,
      rightType: row.right_type,
      state: row.state,
      country: row.country,
      createdAt: row.created_at,
      dueAt: row.due_at,
      overdue: isOverdue(row, now),
      duplicate: row.duplicate_of !== null,
    })),
  };
}

export default function RequestsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const when = useDateTime();
  const { filter } = loaderData;
  return (
    <FilteredList
      area="requests"
      filters={
        <>
          <FilterSelect id="filter-state" name="state" label={t("backOffice.requests.state")} value={filter.state ?? ""} options={REQUEST_STATES.map((state) => ({ value: state, label: t(`backOffice.states.${state}`) }))} />
          <FilterSelect id="filter-right" name="rightType" label={t("backOffice.requests.rightType")} value={filter.rightType ?? ""} options={RIGHT_TYPES.map((right) => ({ value: right, label: t(`backOffice.rights.${right}`) }))} />
          <FilterSelect id="filter-country" name="country" label={t("backOffice.requests.country")} value={filter.country ?? ""} options={COUNTRIES.map((country) => ({ value: country, label: t(`backOffice.countries.${country}`) }))} />
          <div className="app-ad-filters__field app-ad-filters__field--text">
            <label htmlFor="filter-text">{t("backOffice.requests.text")}</label>
            <input id="filter-text" type="search" name="text" defaultValue={filter.text} maxLength={100} />
          </div>
          <div className="app-checkbox">
            <input id="filter-overdue" type="checkbox" name="overdue" className="app-field__checkbox" defaultChecked={filter.overdue} key={`overdue-${filter.overdue}`} />
            <label htmlFor="filter-overdue">{t("backOffice.requests.overdueOnly")}</label>
          </div>
        </>
      }
      total={loaderData.total}
      head={[t("backOffice.requests.reference"), t("backOffice.requests.rightType"), t("backOffice.requests.state"), t("backOffice.requests.country"), t("backOffice.requests.received"), t("backOffice.requests.due")]}
      rows={loaderData.requests.map((row) => (
        <tr key={row.reference}>
          <td>
            <Link to={href("/:lang/internal-privacy-rights/requests/:reference", { lang, reference: row.reference })}>{row.reference}</Link>
          </td>
          <td>{t(`backOffice.rights.${row.rightType}`)}</td>
          <td>
            {t(`backOffice.states.${row.state}`)}
            {row.duplicate ? <span className="app-badge">{t("backOffice.followUp.possibleDuplicate")}</span> : null}
          </td>
          <td>{t(`backOffice.countries.${row.country}`)}</td>
          <td>{when(row.createdAt)}</td>
          <td>
            {when(row.dueAt)}
            {row.overdue ? <span className="app-badge">{t("backOffice.overdue")}</span> : null}
          </td>
        </tr>
      ))}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      exportHref={href("/:lang/internal-privacy-rights/requests/export", { lang })}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "backOffice.requests.title"), NOT_INDEXED];
