import { useTranslation } from "react-i18next";
import { Form, Outlet, isRouteErrorResponse, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { BackOfficeNav } from "~/components/back-office/back-office";
import type { Route } from "./+types/layout";
import { currentStaff } from "~/services/staff/staff-session.server";
import { useLocalizedPath } from "~/utils/site";

/** Every staff page knows who is signed in (or that nobody is). */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await currentStaff(request);
  return { staff: staff ? { email: staff.email, role: staff.role } : null };
}

/**
 * A post answered 401 found the session ended (spec 8): who is signed in is
 * read again, so the page shows the notice. React Router re-reads nothing
 * after a 4xx answer by default.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 401 ? true : defaultShouldRevalidate;
}

export type SignedInStaff = NonNullable<Awaited<ReturnType<typeof loader>>["staff"]>;

export function useStaff(): SignedInStaff | null {
  return useRouteLoaderData<typeof loader>("staff-layout")?.staff ?? null;
}

/** Who is signed in, and sign-out (a POST form, so a link prefetch or a crawler never signs anyone out). */
function StaffBar({ staff }: { staff: SignedInStaff }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="app-staff-bar">
      <p className="app-staff-bar__who">{t("internal.signedInAs", { email: staff.email })}</p>
      {staff.role === "officer" ? <BackOfficeNav /> : null}
      <Form method="post" action={to("/internal-privacy-rights/logout")} className="app-staff-bar__form">
        <button type="submit" className="app-button app-button--secondary">
          {t("internal.signOut")}
        </button>
      </Form>
    </div>
  );
}

/** An agent on a back-office page (403), or a request or report that does not exist (404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const staff = useStaff();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      {staff ? <StaffBar staff={staff} /> : null}
      <section className="app-section">
        <h1 className="app-heading-1">{status === 403 ? t("backOffice.forbiddenTitle") : status === 404 ? t("notFound.heading") : t("error.heading")}</h1>
        {status === 403 ? <p>{t("backOffice.forbidden")}</p> : null}
      </section>
    </>
  );
}

export default function InternalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.staff ? <StaffBar staff={loaderData.staff} /> : null}
      <Outlet />
    </>
  );
}
