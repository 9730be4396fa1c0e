import { useTranslation } from "~/i18n/use-translation";

import { Select } from "../form-controls";
import type { FormField } from "../forms";

/**
 * The brand choice of rectification and publication (spec 2): a placeholder
 * first, then an empty option ("not about one brand"), then the country's
 * brands. Both first entries count as no choice.
 */
export function BrandSelect({ meta, brandNames }: { meta: FormField; brandNames: string[] }) {
  const { t } = useTranslation();
  return (
    <Select
      meta={meta}
      label={t("privacyRights.form.optional", { label: t("privacyRights.form.brand") })}
      placeholder={t("privacyRights.form.brandPlaceholder")}
      emptyOption={t("privacyRights.form.brandEmpty")}
      options={brandNames.map((name) => ({ value: name, label: name }))}
    />
  );
}
