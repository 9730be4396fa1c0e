/**
 * Who may see a staff page: anyone signed in (agent or officer) for the
 * unsubscribe form, officers only for the back office (issue 13). A page
 * sends an anonymous visitor to the login page and answers an agent 403.
 */
import { data, redirect } from "react-router";
import type { StaffRole } from "~/db/schema";
import type { StaffUser } from "./sessions.server";
import { currentStaff } from "./staff-session.server";

export async function requireStaffPage(request: Request, language: string, role: StaffRole = "agent"): Promise<StaffUser> {
  const staff = await currentStaff(request);
  if (!staff) throw redirect(`/${language}/internal-privacy-rights/login`);
  if (role === "officer" && staff.role !== "officer") throw data({ forbidden: true }, { status: 403 });
  return staff;
}

/** The same for a call or a download: 401 or 403 as JSON. */
export async function requireStaffCall(request: Request, role: StaffRole = "agent"): Promise<StaffUser | Response> {
  const staff = await currentStaff(request);
  if (!staff) return Response.json({ error: "UNAUTHORIZED" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  if (role === "officer" && staff.role !== "officer") return Response.json({ error: "FORBIDDEN" }, { status: 403, headers: { "Cache-Control": "no-store" } });
  return staff;
}
