import { useTranslation } from "~/i18n/use-translation";
import { PRIVACY_FORM_IDS } from "~/validation/privacy-form-ids";
import { objectionBrandsSchema } from "~/validation/rights/direct-marketing";

import { CheckboxGroup } from "../form-controls";
import { PublicForm, usePublicForm } from "../use-public-form";

/** Objection step 1 (spec 2): the country's brands, with select-all. */
export function ObjectionBrandsForm({
  brands,
  chosen,
}: {
  brands: { id: string; description: string }[];
  chosen: string[];
}) {
  const { t } = useTranslation();
  const ids = brands.map((brand) => brand.id);
  const state = usePublicForm({ id: PRIVACY_FORM_IDS.objectionBrands, schema: objectionBrandsSchema(ids) });
  return (
    <PublicForm
      state={state}
      labels={{ brands: t("privacyRights.objection.brands.legend") }}
      submitLabel={t("privacyRights.objection.brands.next")}
      sendingLabel={t("privacyRights.form.sending")}
    >
      <CheckboxGroup
        meta={state.fields.brands}
        legend={t("privacyRights.objection.brands.legend")}
        hint={t("privacyRights.objection.brands.hint", { count: ids.length })}
        selectAll={{ label: t("privacyRights.objection.brands.selectAll") }}
        defaultValues={chosen}
        columns
        options={brands.map((brand) => ({ value: brand.id, label: brand.description }))}
      />
    </PublicForm>
  );
}
