import { getInputProps } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { data, href, Link, useNavigation } from "react-router";

import { Table, useDateTime } from "~/components/back-office/back-office";
import { Field } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { PublicForm, usePublicForm } from "~/components/use-public-form";
import { getDb } from "~/db/instance.server";
import { receivePublicForm } from "~/http/public-form.server";
import { signedInStaff } from "~/http/staff/guard.server";
import { useTranslation } from "~/i18n/use-translation";
import { searchCases, type SearchHit } from "~/services/case-work/search.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { searchForm } from "~/validation/case-work";
import type { FormActionData } from "~/validation/form-definition";

import type { Route } from "./+types/search";

/**
 * Find a case by reference, the person's address or phone number,
 * or an ad's id. A POST: the term never reaches a URL, the browser's history
 * or the log, and the answer is this page with what was found.
 */
export async function action(args: Route.ActionArgs) {
  const staff = signedInStaff(args.context);
  const received = await receivePublicForm(args, searchForm, { guard: false });
  if (!received.ok) return received.response;
  const hits = await searchCases(await getDb(), received.value.term, staff);
  return data(
    { formId: searchForm.id, result: received.submission.reply(), hits } as FormActionData & { hits: SearchHit[] },
    { headers: { "Cache-Control": "no-store" } },
  );
}

function HitRow({ hit }: { hit: SearchHit }) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const when = useDateTime();
  const request = hit.kind === "request";
  return (
    <tr>
      <th scope="row">
        <Link
          to={
            request
              ? href("/:lang/internal-privacy-rights/requests/:reference", { lang, reference: hit.reference })
              : href("/:lang/internal-privacy-rights/ad-reports/:reference", { lang, reference: hit.reference })
          }
        >
          {hit.reference}
        </Link>
      </th>
      <td>
        {request ? t(`backOffice.rights.${hit.rightType}`) : `${t("backOffice.search.adReport")} · ${hit.campaignId}`}
      </td>
      <td>{request ? t(`backOffice.states.${hit.state}`) : t(`backOffice.complaintStates.${hit.state}`)}</td>
      <td>{t(`backOffice.countries.${hit.country}`)}</td>
      <td>{when(hit.createdAt)}</td>
      <td>{hit.assignee ?? t("backOffice.owner.none")}</td>
    </tr>
  );
}

export default function SearchPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const search = usePublicForm({ id: searchForm.id, schema: searchForm.schema });
  const hits = actionData && "hits" in actionData ? (actionData.hits as SearchHit[]) : null;
  // Empty while a search runs: the same count again is a change, which a screen reader says again.
  const idle = useNavigation().state === "idle";
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // Each answer focuses the results once. A page that came with its answer (a post without JavaScript) starts at the top, its title saying what was found.
  const focusedFor = useRef(actionData);
  useEffect(() => {
    if (!hits || !idle || actionData === focusedFor.current) return;
    focusedFor.current = actionData;
    resultsHeading.current?.focus();
  }, [hits, idle, actionData]);
  const title = t("backOffice.search.title");
  return (
    <>
      {/* What was found, never what was searched for: a title goes into the browser's history. */}
      <PageTitle
        titleKey={hits ? "backOffice.search.titleFound" : "backOffice.search.title"}
        values={hits ? { count: hits.length } : undefined}
      />
      <header className="app-page-header">
        <h1 className="app-heading-1">{title}</h1>
      </header>
      <PublicForm
        state={search}
        labels={{ term: t("backOffice.search.term") }}
        submitLabel={t("backOffice.search.submit")}
        sendingLabel={t("backOffice.search.sending")}
      >
        <Field
          meta={search.fields.term}
          label={t("backOffice.search.term")}
          hint={t("backOffice.search.hint")}
          inputProps={{
            ...getInputProps(search.fields.term, { type: "search", ariaAttributes: false }),
            autoComplete: "off",
            spellCheck: false,
          }}
        />
      </PublicForm>
      {/* One element before and after each search, so that its live region is there before the count comes. */}
      <section className={hits ? "app-section" : undefined} aria-labelledby={hits ? "results" : undefined}>
        {hits ? (
          <h2 id="results" ref={resultsHeading} tabIndex={-1}>
            {t("backOffice.search.results")}
          </h2>
        ) : null}
        <p role="status" id="case-search-count">
          {hits && idle ? t("backOffice.search.count", { count: hits.length }) : null}
        </p>
        {hits && hits.length > 0 ? (
          <Table
            caption={t("backOffice.search.results")}
            head={[
              t("backOffice.requests.reference"),
              t("backOffice.search.what"),
              t("backOffice.requests.state"),
              t("backOffice.requests.country"),
              t("backOffice.requests.received"),
              t("backOffice.owner.title"),
            ]}
          >
            {hits.map((hit) => (
              <HitRow key={hit.reference} hit={hit} />
            ))}
          </Table>
        ) : null}
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
