import { href, Link } from "react-router";

import { FilteredList, FilterSelect, useDateTime } from "~/components/back-office/back-office";
import { OwnerFilter } from "~/components/back-office/case-work";
import { getDb } from "~/db/instance.server";
import { COMPLAINT_STATES } from "~/domain/complaint";
import { COUNTRIES } from "~/domain/country";
import { signedInStaff } from "~/http/staff/guard.server";
import { useTranslation } from "~/i18n/use-translation";
import { staffMembers } from "~/services/case-work/staff-members.server";
import { listComplaints } from "~/services/complaint/back-office.server";
import { NOT_INDEXED, pageMeta } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { COMPLAINT_REASONS } from "~/validation/complaint";

import type { Route } from "./+types/complaints";
import { readComplaintFilter } from "./filters.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = readComplaintFilter(new URL(request.url).searchParams, signedInStaff(context));
  const db = await getDb();
  const { complaints, total, page, pageCount } = await listComplaints(db, filter, { page: filter.page });
  return {
    filter,
    officers: (await staffMembers(db)).filter((member) => member.role === "officer").map((member) => member.email),
    total,
    page,
    pageCount,
    states: COMPLAINT_STATES,
    complaints: complaints.map((row) => ({
      reference: row.reference,
      campaignId: row.campaign_id,
      reason: row.reason,
      state: row.state,
      country: row.country,
      createdAt: row.created_at,
      assignee: row.assignee,
    })),
  };
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const when = useDateTime();
  const { filter } = loaderData;
  return (
    <FilteredList
      area="reports"
      filters={
        <>
          <FilterSelect
            id="filter-state"
            name="state"
            label={t("backOffice.reports.state")}
            value={filter.state ?? ""}
            options={loaderData.states.map((state) => ({
              value: state,
              label: t(`backOffice.complaintStates.${state}`),
            }))}
          />
          <FilterSelect
            id="filter-reason"
            name="reason"
            label={t("backOffice.reports.reason")}
            value={filter.reason ?? ""}
            options={COMPLAINT_REASONS.map((reason) => ({
              value: reason,
              label: t(`politicalAds.report.reasons.${reason}.title`),
            }))}
          />
          <FilterSelect
            id="filter-country"
            name="country"
            label={t("backOffice.reports.country")}
            value={filter.country ?? ""}
            options={COUNTRIES.map((country) => ({ value: country, label: t(`backOffice.countries.${country}`) }))}
          />
          <OwnerFilter value={filter.ownerChoice} members={loaderData.officers} />
        </>
      }
      total={loaderData.total}
      head={[
        t("backOffice.reports.reference"),
        t("backOffice.reports.ad"),
        t("backOffice.reports.reason"),
        t("backOffice.reports.state"),
        t("backOffice.reports.received"),
        t("backOffice.owner.title"),
      ]}
      rows={loaderData.complaints.map((row) => (
        <tr key={row.reference}>
          <td>
            <Link to={href("/:lang/internal-privacy-rights/ad-reports/:reference", { lang, reference: row.reference })}>
              {row.reference}
            </Link>
          </td>
          <td>{row.campaignId}</td>
          <td>{t(`politicalAds.report.reasons.${row.reason}.title`)}</td>
          <td>{t(`backOffice.complaintStates.${row.state}`)}</td>
          <td>{when(row.createdAt)}</td>
          <td>{row.assignee ?? t("backOffice.owner.none")}</td>
        </tr>
      ))}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      exportHref={href("/:lang/internal-privacy-rights/ad-reports/export", { lang })}
    />
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "backOffice.reports.title"),
  NOT_INDEXED,
];
