import { Radios } from "~/components/form-controls";
import { useTranslation } from "~/i18n/use-translation";

type RadiosMeta = Parameters<typeof Radios>[0]["meta"];

/** How many months a deadline is extended by (GDPR Art. 12(3): two at most), on a request's page and in the list's bulk form. */
export function ExtensionMonths({ meta }: { meta: RadiosMeta }) {
  const { t } = useTranslation();
  return (
    <Radios
      meta={meta}
      legend={t("backOffice.actions.extend.months")}
      inline
      options={[
        { value: "1", label: t("backOffice.actions.extend.one") },
        { value: "2", label: t("backOffice.actions.extend.two") },
      ]}
    />
  );
}
