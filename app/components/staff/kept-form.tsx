import { useRouteLoaderData } from "react-router";

import { useTranslation } from "~/i18n/use-translation";
import type { KeptForm } from "~/validation/staff-return";

/** What the staff layout's loader says of a kept form (services/staff/session-ended.server.ts). */
type StaffLayoutData = { keptForm?: KeptForm | null };

/**
 * The values a form had when it was sent after the session ended, if this
 * page is the one the staff member came back to and this is that form: the
 * form starts with them, so sending it again is one press of its button.
 */
export function useKeptValues(formId: string): KeptForm["values"] | undefined {
  const kept = (useRouteLoaderData("staff-layout") as StaffLayoutData | undefined)?.keptForm;
  return kept?.formId === formId ? kept.values : undefined;
}

/** Says that the form is filled in again and leads to its first field. */
export function KeptFormNotice({ form }: { form: KeptForm }) {
  const { t } = useTranslation();
  const first = Object.keys(form.values)[0];
  return (
    <div className="app-notice" role="status">
      <p>{t("internal.session.restored")}</p>
      {first ? (
        <p>
          <a href={`#${form.formId}-${first}`}>{t("internal.session.toForm")}</a>
        </p>
      ) : null}
    </div>
  );
}
