import { useTranslation } from "react-i18next";
import { Form, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/internal-privacy-rights.layout";
import { currentStaff } from "~/services/staff/staff-session.server";
import { useLocalizedPath } from "~/utils/site";

/** Every staff page knows who is signed in (or that nobody is). */
export async function loader({ request }: Route.LoaderArgs) {
  const staff = await currentStaff(request);
  return { staff: staff ? { email: staff.email, role: staff.role } : null };
}

export type SignedInStaff = NonNullable<Awaited<ReturnType<typeof loader>>["staff"]>;

export function useStaff(): SignedInStaff | null {
  return useRouteLoaderData<typeof loader>("routes/internal-privacy-rights.layout")?.staff ?? null;
}

/** Who is signed in, and sign-out (a POST form, so a link prefetch or a crawler never signs anyone out). */
function StaffBar({ staff }: { staff: SignedInStaff }) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  return (
    <div className="app-staff-bar">
      <p className="app-staff-bar__who">{t("internal.signedInAs", { email: staff.email })}</p>
      <Form method="post" action={to("/internal-privacy-rights/logout")} className="app-staff-bar__form">
        <button type="submit" className="app-button app-button--secondary">
          {t("internal.signOut")}
        </button>
      </Form>
    </div>
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
