import { Fragment } from "react";

import type { RightType } from "~/domain/rights";
import { useTranslation } from "~/i18n/use-translation";
import type { RightDetails as Details } from "~/validation/privacy-request";

import { rightDetailFacts } from "../privacy/right-details";

/** The right's own answers in the request page's "asked" list; rights without such fields show nothing. */
export function RightDetailsFacts({ rightType, details }: { rightType: RightType; details: Details | null }) {
  const { t } = useTranslation();
  if (!details) return null;
  return (
    <>
      {rightDetailFacts(t, rightType, details).map(([label, shown]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{shown}</dd>
        </Fragment>
      ))}
    </>
  );
}
