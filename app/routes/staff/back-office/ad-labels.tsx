import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, href, redirect } from "react-router";

import { ErrorSummary } from "~/components/error-summary";
import { Field } from "~/components/forms";
import { PageTitle } from "~/components/page-title";
import { siteContext } from "~/context";
import { getDb } from "~/db/instance.server";
import { useTranslation } from "~/i18n/use-translation";
import { LABELS_PER_ZIP, labelsInPeriod } from "~/services/campaign/labels/labels.server";
import { formPageMeta, NOT_INDEXED } from "~/utils/meta";
import { adLabelsSchema } from "~/validation/ad-labels";

import type { Route } from "./+types/ad-labels";

/**
 * Every print label (SVG and PNG) of the ads of a
 * campaign period on this site, in one ZIP. A GET form: a wrong period
 * shows the page with its errors (400), a period without ads or with too
 * many says so (422); a good one goes on to the ZIP (ad-labels.download.ts),
 * which the browser saves while this page stays.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!url.searchParams.has("from") && !url.searchParams.has("to")) return { result: null };
  const submission = parseWithZod(url.searchParams, { schema: adLabelsSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { country, language } = context.get(siteContext);
  const { from, to } = submission.value;
  const found = await labelsInPeriod(await getDb(), country, from, to);
  if (!found.ok) {
    const message =
      found.problem === "none" ? "backOffice.adLabels.none" : `backOffice.adLabels.tooMany|${LABELS_PER_ZIP}`;
    return data({ result: submission.reply({ formErrors: [message] }) }, { status: 422 });
  }
  throw redirect(
    `${href("/:lang/internal-privacy-rights/ad-labels/download", { lang: language })}?${new URLSearchParams({ from, to })}`,
  );
}

export default function AdLabelsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  // Sends checked in the browser count too: the summary shows (and takes the focus) after each one.
  const [submits, setSubmits] = useState(loaderData.result ? 1 : 0);
  const [form, fields] = useForm({
    id: "ad-labels",
    lastResult: loaderData.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: adLabelsSchema }),
  });
  return (
    <>
      {/* "Fout: …" after a period with errors, from the server or stopped in the browser: a GET form, so no action data says so. */}
      <PageTitle
        titleKey="backOffice.adLabels.title"
        error={submits > 0 && Object.values(form.allErrors).some((errors) => errors.length > 0)}
      />
      <header className="app-page-header">
        <h1 className="app-heading-1">{t("backOffice.adLabels.title")}</h1>
        <p>{t("backOffice.adLabels.intro")}</p>
      </header>
      <section className="app-section">
        <ErrorSummary
          form={form}
          labels={{ from: t("backOffice.adLabels.from"), to: t("backOffice.adLabels.to") }}
          submitCount={submits}
        />
        {/* A document request: the answer ends in the ZIP, which a data request could not hand to the browser. */}
        <Form
          method="get"
          reloadDocument
          {...getFormProps(form)}
          onSubmit={(event) => {
            setSubmits((count) => count + 1);
            form.onSubmit(event);
          }}
          className="app-form"
        >
          <Field
            meta={fields.from}
            label={t("backOffice.adLabels.from")}
            inputProps={{ ...getInputProps(fields.from, { type: "date" }), key: fields.from.key }}
          />
          <Field
            meta={fields.to}
            label={t("backOffice.adLabels.to")}
            inputProps={{ ...getInputProps(fields.to, { type: "date" }), key: fields.to.key }}
          />
          <button type="submit" className="app-button">
            {t("backOffice.adLabels.submit")}
          </button>
        </Form>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [...formPageMeta(matches), NOT_INDEXED];
