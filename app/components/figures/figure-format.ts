import { useTranslation } from "~/i18n/use-translation";
import { dateTimeFormat, numberFormat } from "~/utils/intl-formats";
import { usePageLanguageTag } from "~/utils/site";

/** How the figures pages write a count, a share and days, in the page's language; `null` as the public page's "not published" or a dash. */
export function useFigureFormat() {
  const { t } = useTranslation();
  const tag = usePageLanguageTag();
  return {
    count: (value: number) => numberFormat(tag, {}).format(value),
    /** A published count: null is not published (under the minimum, or one it could be worked out from), whatever the reason. */
    publicCount: (value: number | null) =>
      value === null ? t("privacyRights.figures.notShown") : numberFormat(tag, {}).format(value),
    share: (value: number | null) =>
      value === null ? "—" : numberFormat(tag, { style: "percent", maximumFractionDigits: 1 }).format(value),
    /** `yyyy-mm` as "maart 2026". */
    month: (key: string) =>
      dateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${key}-01T00:00:00Z`)),
    days: (value: number | null) =>
      value === null ? "—" : numberFormat(tag, { maximumFractionDigits: 1 }).format(value),
  };
}
