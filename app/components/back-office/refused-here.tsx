import { useActionData } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import type { FormActionData } from "~/validation/form-definition";

/**
 * Why one of `formIds`, sent from an older view of the page (another
 * officer acted first), did nothing, once the page no longer offers it: a
 * form still offered says so itself, above its fields.
 */
export function RefusedHere({ formIds, offered }: { formIds: readonly string[]; offered: readonly string[] }) {
  const { t } = useTranslation();
  const result = useActionData() as FormActionData | undefined;
  if (!result?.banner || !formIds.includes(result.formId) || offered.includes(result.formId)) return null;
  return (
    <p className="app-notice app-notice--error" role="alert">
      {t(result.banner)}
    </p>
  );
}
