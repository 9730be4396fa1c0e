import { href, Link } from "react-router";

import { FilteredList, FilterSelect, useDateTime } from "~/components/back-office/back-office";
import { BulkActions, BulkCheckbox, useBulkForm } from "~/components/back-office/bulk-actions";
import { OwnerFilter } from "~/components/back-office/case-work";
import { PageTitle } from "~/components/page-title";
import { getDb } from "~/db/instance.server";
import { COUNTRIES } from "~/domain/country";
import { isOverdue, REQUEST_STATES, RIGHT_TYPES } from "~/domain/privacy-request";
import { redirectWithBanner } from "~/http/flash.server";
import { formReply, receivePublicForm } from "~/http/public-form.server";
import { refuseForbiddenPage, signedInStaff } from "~/http/staff/guard.server";
import { useTranslation } from "~/i18n/use-translation";
import { bulkAssign, bulkExtend } from "~/services/case-work/bulk.server";
import { staffMembers } from "~/services/case-work/staff-members.server";
import { listRequests } from "~/services/privacy-request/back-office.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { bulkForm } from "~/validation/case-work";

import type { Route } from "./+types/requests";
import { readRequestFilter } from "./filters.server";

/** The filters are a GET form, so a filtered list is a URL to share; an agent's list is always their own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = signedInStaff(context);
  const filter = readRequestFilter(new URL(request.url).searchParams, viewer);
  const now = new Date();
  const db = await getDb();
  const { requests, total, page, pageCount } = await listRequests(db, filter, { page: filter.page, now });
  return {
    filter,
    officer: viewer.role === "officer",
    members: viewer.role === "officer" ? (await staffMembers(db)).map((member) => member.email) : [],
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
      assignee: row.assignee,
    })),
  };
}

/** The bulk actions, officers only; back to the same filtered page with what was done and what was refused. */
export async function action(args: Route.ActionArgs) {
  const staff = signedInStaff(args.context);
  if (staff.role !== "officer") refuseForbiddenPage(args.context);
  const received = await receivePublicForm(args, bulkForm, { guard: false });
  if (!received.ok) return received.response;
  const { references, bulkAction, assignee, months, reason } = received.value;
  const db = await getDb();
  const outcome =
    bulkAction === "assign"
      ? await bulkAssign(db, references, staff, assignee ?? null)
      : await bulkExtend(db, references, staff, { months: months!, reason: reason! });
  if (outcome.status === "invalid")
    return formReply(bulkForm, received.submission, { fieldErrors: outcome.fieldErrors, status: 400 });
  const url = new URL(args.request.url);
  return redirectWithBanner(args.request, `${url.pathname}${url.search}`, {
    type: outcome.refused.length ? "error" : "success",
    textKey: outcome.refused.length ? "backOffice.banners.bulkPartly" : `backOffice.banners.bulk.${bulkAction}`,
    values: { count: outcome.done.length, refused: outcome.refused.join(", ") },
  });
}

export default function RequestsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const when = useDateTime();
  const { filter, officer } = loaderData;
  const bulk = useBulkForm();
  const head = [
    t("backOffice.requests.reference"),
    t("backOffice.requests.rightType"),
    t("backOffice.requests.state"),
    t("backOffice.requests.country"),
    t("backOffice.requests.received"),
    t("backOffice.requests.due"),
    t("backOffice.owner.title"),
  ];
  return (
    <>
      {/* "Fout: " after a refused bulk action. */}
      <PageTitle titleKey="backOffice.requests.title" />
      <FilteredList
        area="requests"
        filters={
          <>
            <FilterSelect
              id="filter-state"
              name="state"
              label={t("backOffice.requests.state")}
              value={filter.state ?? ""}
              options={REQUEST_STATES.map((state) => ({ value: state, label: t(`backOffice.states.${state}`) }))}
            />
            <FilterSelect
              id="filter-right"
              name="rightType"
              label={t("backOffice.requests.rightType")}
              value={filter.rightType ?? ""}
              options={RIGHT_TYPES.map((right) => ({ value: right, label: t(`backOffice.rights.${right}`) }))}
            />
            <FilterSelect
              id="filter-country"
              name="country"
              label={t("backOffice.requests.country")}
              value={filter.country ?? ""}
              options={COUNTRIES.map((country) => ({ value: country, label: t(`backOffice.countries.${country}`) }))}
            />
            {officer ? <OwnerFilter value={filter.ownerChoice} members={loaderData.members} /> : null}
            <div className="app-ad-filters__field app-ad-filters__field--text">
              <label htmlFor="filter-text">{t("backOffice.requests.text")}</label>
              <input id="filter-text" type="search" name="text" defaultValue={filter.text} maxLength={100} />
            </div>
            <div className="app-checkbox">
              <input
                id="filter-overdue"
                type="checkbox"
                name="overdue"
                className="app-field__checkbox"
                defaultChecked={filter.overdue}
                key={`overdue-${filter.overdue}`}
              />
              <label htmlFor="filter-overdue">{t("backOffice.requests.overdueOnly")}</label>
            </div>
          </>
        }
        total={loaderData.total}
        head={officer ? [t("backOffice.bulk.select"), ...head] : head}
        rows={loaderData.requests.map((row, index) => (
          <tr key={row.reference}>
            {officer ? (
              <td>
                <BulkCheckbox bulk={bulk} reference={row.reference} index={index} />
              </td>
            ) : null}
            <td>
              <Link to={href("/:lang/internal-privacy-rights/requests/:reference", { lang, reference: row.reference })}>
                {row.reference}
              </Link>
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
            <td>{row.assignee ?? t("backOffice.owner.none")}</td>
          </tr>
        ))}
        page={loaderData.page}
        pageCount={loaderData.pageCount}
        exportHref={officer ? href("/:lang/internal-privacy-rights/requests/export", { lang }) : undefined}
        after={
          officer && loaderData.requests.length > 0 ? <BulkActions bulk={bulk} members={loaderData.members} /> : null
        }
      />
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
