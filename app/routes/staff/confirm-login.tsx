import { href, Link } from "react-router";

import { useHydrated } from "~/components/use-hydrated";
import { getDb } from "~/db/instance.server";
import { signedInStaff } from "~/http/staff/guard.server";
import { useTranslation } from "~/i18n/use-translation";
import { twoFactorAccount } from "~/services/staff/two-factor.server";
import { NOT_INDEXED, pageMeta } from "~/utils/meta";
import { useSite } from "~/utils/site";

import type { Route } from "./+types/confirm-login";

/** A local account without a second factor is offered one (SSO accounts have their provider's). */
export async function loader({ context }: Route.LoaderArgs) {
  const staff = signedInStaff(context);
  const account = staff.method === "local" ? await twoFactorAccount(await getDb(), { email: staff.email }) : null;
  return { offerTwoFactor: Boolean(account && !account.enrolled) };
}

/**
 * Spec 2: after signing in (in the tab the form's notice opened) the staff
 * member may close this tab and send the form again in the other one. The
 * close button needs JavaScript; the link back to the form does not.
 */
export default function ConfirmLoginPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
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
        <Link to={href("/:lang/internal-privacy-rights/direct-marketing", { lang })}>
          {t("internal.confirm.toForm")}
        </Link>
      </p>
      {loaderData.offerTwoFactor ? (
        <p>
          <Link to={href("/:lang/internal-privacy-rights/two-factor/setup", { lang })}>
            {t("internal.twoFactor.setupLink")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, "pages.internalConfirmLogin.title"),
  NOT_INDEXED,
];
