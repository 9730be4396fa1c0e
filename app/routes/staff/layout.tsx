import { useTranslation } from "~/i18n/use-translation";
import { Form, Outlet, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import { BackOfficeNav } from "~/components/back-office/back-office";
import type { Route } from "./+types/layout";
import { readStaff, staffContext } from "~/services/staff/guard.server";
import { PERSONAL_DATA } from "~/utils/personal-data";
import { revalidateAfter401 } from "~/utils/revalidate-after-401";
import { useLocalizedPath } from "~/utils/site";

/** Staff pages show data subjects' details: no third-party script on any of them (issue 23). */
export const handle = PERSONAL_DATA;

/** Every staff page and call below knows who is signed in (or that nobody is), read once. */
export const middleware: Route.MiddlewareFunction[] = [readStaff];

export async function loader({ context }: Route.LoaderArgs) {
  const staff = context.get(staffContext);
  return { staff: staff ? { email: staff.email, role: staff.role } : null };
}

export const shouldRevalidate = revalidateAfter401;

type SignedInStaff = NonNullable<Awaited<ReturnType<typeof loader>>["staff"]>;

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

/** A request or report that does not exist (404). An agent on a back-office page gets the guard's 403 page (root.tsx). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const staff = useRouteLoaderData<typeof loader>("staff-layout")?.staff ?? null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
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
      <Outlet />
    </>
  );
}
