import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, href, useLocation } from "react-router";

import { FilterSelect } from "~/components/back-office/back-office";
import { TeamFiguresView } from "~/components/back-office/team-figures";
import { ErrorSummary } from "~/components/error-summary";
import { Field } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { getDb } from "~/db/instance.server";
import { COUNTRIES } from "~/domain/country";
import { useTranslation } from "~/i18n/use-translation";
import { teamFigures } from "~/services/reports/team-figures.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { useSite } from "~/utils/site";
import { reportPeriodSchema, thisYearSoFar } from "~/validation/report-period";

import type { Route } from "./+types/reports";

/**
 * The team's figures for a period and a country (or both): a GET
 * form, so a period is a URL to share and the page works without
 * JavaScript; without one asked for, this year so far. A wrong period shows
 * the form with its errors (400) and no figures.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = params.has("from") || params.has("to") ? params : new URLSearchParams(thisYearSoFar());
  const submission = parseWithZod(asked, { schema: reportPeriodSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), figures: null, country: "" }, { status: 400 });
  const { from, to, country = null } = submission.value;
  const figures = await teamFigures(await getDb(), { from, to, country });
  return { result: submission.reply(), figures, country: country ?? "" };
}

export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  const { search } = useLocation();
  const failed = loaderData.figures === null;
  const [submits, setSubmits] = useState(failed ? 1 : 0);
  const [form, fields] = useForm({
    id: "figures-period",
    lastResult: loaderData.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportPeriodSchema }),
  });
  const exportHref = `${href("/:lang/internal-privacy-rights/reports/export", { lang })}${search}`;
  return (
    <>
      {/* "Fout: …" after a wrong period: a GET form, so no action data says so. */}
      <PageTitle
        titleKey="backOffice.figures.title"
        error={failed || (submits > 0 && Object.values(form.allErrors).some((errors) => errors.length > 0))}
      />
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("backOffice.figures.title")}</h1>
        <p>{t("backOffice.figures.intro")}</p>
      </header>
      <section className="app-section" aria-label={t("backOffice.figures.periodLabel")}>
        <ErrorSummary
          form={form}
          labels={{ from: t("backOffice.figures.from"), to: t("backOffice.figures.to") }}
          submitCount={submits}
        />
        <Form
          method="get"
          {...getFormProps(form)}
          onSubmit={(event) => {
            setSubmits((count) => count + 1);
            form.onSubmit(event);
          }}
          className="app-form app-figures__period"
        >
          <Field
            meta={fields.from}
            label={t("backOffice.figures.from")}
            inputProps={{ ...getInputProps(fields.from, { type: "date" }), key: fields.from.key }}
          />
          <Field
            meta={fields.to}
            label={t("backOffice.figures.to")}
            inputProps={{ ...getInputProps(fields.to, { type: "date" }), key: fields.to.key }}
          />
          <FilterSelect
            id="figures-country"
            name="country"
            label={t("backOffice.reports.country")}
            value={loaderData.country}
            options={COUNTRIES.map((country) => ({ value: country, label: t(`backOffice.countries.${country}`) }))}
          />
          <button type="submit" className="app-button">
            {t("backOffice.figures.submit")}
          </button>
        </Form>
      </section>
      {loaderData.figures ? (
        <>
          <p>
            <a href={exportHref} download>
              {t("backOffice.figures.export")}
            </a>
          </p>
          <TeamFiguresView figures={loaderData.figures} />
        </>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
