import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/confirm-login";
import { useHydrated } from "~/components/use-hydrated";
import { NOT_INDEXED, pageMeta } from "~/utils/meta";
import { useLocalizedPath } from "~/utils/site";

/**
 * Spec 2: after signing in (in the tab the form's notice opened) the staff
 * member may close this tab and send the form again in the other one. The
 * close button needs JavaScript; the link back to the form does not.
 */
export default function ConfirmLoginPage() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const canClose = useHydrated();
  return (
    <section className="app-section app-confirm-login">
      <h1 className="app-heading-1">{t("pages.internalConfirmLogin.title")}</h1>
      <p>{t("internal.confirm.text")}</p>
      <p className="app-confirm-login__actions">
        {canClose ? (
          <button type="button" className="app-button" onClick={() => window.close()}>
            {t("internal.confirm.close")}
          </button>
        ) : null}
        <Link to={to("/internal-privacy-rights/direct-marketing")}>{t("internal.confirm.toForm")}</Link>
      </p>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "pages.internalConfirmLogin.title"),
  NOT_INDEXED,
];
