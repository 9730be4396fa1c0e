import {
  Form,
  href,
  isRouteErrorResponse,
  Outlet,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";

import { BackOfficeNav } from "~/components/back-office/back-office";
import { PageTitle } from "~/components/page-title";
import { KeptFormNotice } from "~/components/staff/kept-form";
import { SessionTimeout } from "~/components/staff/session-timeout";
import { secondsUntil } from "~/domain/staff";
import { readStaff, staffContext, staffSessionContext } from "~/http/staff/guard.server";
import { keptFormOnPage } from "~/http/staff/session-ended.server";
import { useTranslation } from "~/i18n/use-translation";
import { isForbiddenPage } from "~/utils/forbidden-page";
import { leaveThirdPartyDocument, PERSONAL_DATA } from "~/utils/personal-data";
import { useSite } from "~/utils/site";

import type { Route } from "./+types/layout";

/** Staff pages show data subjects' details: no third-party script on any of them. */
export const handle = PERSONAL_DATA;
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [leaveThirdPartyDocument];

/** Every staff page and call below knows who is signed in (or that nobody is), read once. */
export const middleware: Route.MiddlewareFunction[] = [readStaff];

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  const { endsAt } = context.get(staffSessionContext);
  return {
    staff: staff ? { email: staff.email, role: staff.role } : null,
    // How long the session has left, for the warning before the idle limit.
    session: staff && endsAt ? { secondsLeft: secondsUntil(endsAt) } : null,
    // What was typed before the session ended, on the page the staff member came back to.
    keptForm: staff ? await keptFormOnPage(request, staff) : null,
  };
}

/**
 * Read again after every navigation and post (a post answered 401 included:
 * the page then shows who is signed in, spec 8), so that the warning counts
 * from the latest request. Not after "stay signed in", whose answer says the
 * new end itself: once the session has ended, reading again would send the
 * page to the login before the form on it is sent (and kept).
 */
export function shouldRevalidate({ formAction, currentParams }: ShouldRevalidateFunctionArgs) {
  const { lang = "" } = currentParams;
  return formAction !== href("/:lang/internal-privacy-rights/keep-alive", { lang });
}

type SignedInStaff = NonNullable<Awaited<ReturnType<typeof loader>>["staff"]>;

/** Who is signed in, and sign-out (a POST form, so a link prefetch or a crawler never signs anyone out). */
function StaffBar({ staff }: { staff: SignedInStaff }) {
  const { t } = useTranslation();
  const { language: lang } = useSite();
  return (
    <div className="app-staff-bar">
      <p className="app-staff-bar__who">{t("internal.signedInAs", { email: staff.email })}</p>
      <BackOfficeNav officer={staff.role === "officer"} />
      <Form
        method="post"
        action={href("/:lang/internal-privacy-rights/logout", { lang })}
        className="app-staff-bar__form"
      >
        <button type="submit" className="app-button app-button--secondary">
          {t("internal.signOut")}
        </button>
      </Form>
    </div>
  );
}

/** A request or report that does not exist (404). An agent on an officers' page gets the guard's 403 page (root.tsx); on a request not theirs, this one. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const staff = useRouteLoaderData<typeof loader>("staff-layout")?.staff ?? null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // An agent on a request that is not theirs (its loader refused, below this layout).
  if (isRouteErrorResponse(error) && isForbiddenPage(error.data)) {
    return (
      <>
        {staff ? <StaffBar staff={staff} /> : null}
        <PageTitle titleKey="backOffice.forbiddenTitle" />
        <section className="app-section">
          <h1 className="app-heading-1">{error.data.title}</h1>
          <p>{error.data.text}</p>
        </section>
      </>
    );
  }
  return (
    <>
      {staff ? <StaffBar staff={staff} /> : null}
      <section className="app-section">
        <h1 className="app-heading-1">{status === 404 ? t("notFound.heading") : t("error.heading")}</h1>
      </section>
    </>
  );
}

export default function InternalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.staff ? <StaffBar staff={loaderData.staff} /> : null}
      {loaderData.session ? <SessionTimeout session={loaderData.session} /> : null}
      {loaderData.keptForm ? <KeptFormNotice form={loaderData.keptForm} /> : null}
      <Outlet />
    </>
  );
}
