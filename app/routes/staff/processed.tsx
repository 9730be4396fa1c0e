import { data, href, Link, redirect } from "react-router";

import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { takeStaffProcessed } from "~/http/privacy-session.server";
import { useTranslation } from "~/i18n/use-translation";
import { addressLine, brandNames, personName, storedDetails } from "~/services/privacy-request/view.server";
import { NOT_INDEXED, pageMeta } from "~/utils/meta";
import { useSite } from "~/utils/site";

import type { Route } from "./+types/processed";

/** What was recorded, read back from the request itself (the cookie holds only its reference), shown once. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { language, country } = context.get(siteContext);
  const { reference, headers } = await takeStaffProcessed(request);
  const row = reference
    ? await (
        await getDb()
      )
        .selectFrom("privacy_request")
        .selectAll()
        .where("reference", "=", reference)
        .where("country", "=", country)
        .executeTakeFirst()
    : undefined;
  if (!row) throw redirect(href("/:lang/internal-privacy-rights/direct-marketing", { lang: language }), { headers });
  const { brandKeys, userInfo } = storedDetails(row);
  const recordedBy = await (
    await getDb()
  )
    .selectFrom("audit_event")
    .select("actor_id")
    .where("request_id", "=", row.id)
    .where("actor", "=", "STAFF")
    .executeTakeFirst();
  return data(
    {
      reference: row.reference,
      brands: brandNames(country, brandKeys),
      channels: [
        ...(row.phone_number ? [{ type: "PHONE", value: row.phone_number }] : []),
        ...(row.email ? [{ type: "EMAIL", value: row.email }] : []),
        ...(userInfo?.address
          ? [
              {
                type: "POSTAL",
                value: [personName(userInfo), addressLine(userInfo.address)].filter(Boolean).join(", "),
              },
            ]
          : []),
      ],
      recordedBy: recordedBy?.actor_id ?? "",
    },
    { headers },
  );
}

export default function InternalProcessedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language } = useSite();
  return (
    <section className="app-section app-processed">
      <h1 className="app-heading-1">{t("pages.internalProcessed.title")}</h1>
      <p>{t("internal.processed.intro")}</p>
      <dl className="app-verification__summary">
        <dt>{t("internal.processed.reference")}</dt>
        <dd>{loaderData.reference}</dd>
        <dt>{t("internal.processed.brands")}</dt>
        <dd>{loaderData.brands.join(", ")}</dd>
        <dt>{t("internal.processed.channels")}</dt>
        <dd>
          <ul className="app-processed__channels">
            {loaderData.channels.map((channel) => (
              <li key={channel.type}>
                {t(`privacyRights.objection.channels.${channel.type}`)}: {channel.value}
              </li>
            ))}
          </ul>
        </dd>
        <dt>{t("internal.processed.recordedBy")}</dt>
        <dd>{loaderData.recordedBy}</dd>
      </dl>
      <p>
        <Link className="app-button" to={href("/:lang/internal-privacy-rights/direct-marketing", { lang: language })}>
          {t("internal.processed.back")}
        </Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "pages.internalProcessed.title"),
  NOT_INDEXED,
];
