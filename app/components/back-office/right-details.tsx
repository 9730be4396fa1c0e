import { Fragment } from "react";

import { rightOf, type RightType } from "~/domain/rights";
import { useTranslation } from "~/i18n/use-translation";
import type { RightDetails as Details } from "~/validation/privacy-request";
import { DETAILS_RIGHTS } from "~/validation/rights";

/**
 * The right's own answers (its form's fields), for the request page's
 * "asked" list: each with its form's label, a choice by its option's
 * text, in the form's order. Rights without such fields show nothing.
 */
export function RightDetailsFacts({ rightType, details }: { rightType: RightType; details: Details | null }) {
  const { t } = useTranslation();
  const fields = DETAILS_RIGHTS[rightType]?.fields;
  if (!fields || !details) return null;
  const { key } = rightOf(rightType);
  const option = (field: string, value: string) =>
    t(`privacyRights.${key}.fields.${field}.options.${value}`, { defaultValue: value });
  return (
    <>
      {fields.map((field) => {
        const answer = details[field.name];
        if (answer === undefined || answer === "" || (Array.isArray(answer) && answer.length === 0)) return null;
        const shown =
          field.kind === "text"
            ? String(answer)
            : (Array.isArray(answer) ? answer : [answer]).map((value) => option(field.name, value)).join(", ");
        return (
          <Fragment key={field.name}>
            <dt>{t(`privacyRights.${key}.fields.${field.name}.label`)}</dt>
            <dd>{shown}</dd>
          </Fragment>
        );
      })}
    </>
  );
}
