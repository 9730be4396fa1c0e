import type { Route } from "./+types/layout";
import { requireStaff } from "~/http/staff/guard.server";

/** The back office (issue 13) is for officers: an agent gets the 403 page, for pages and posts alike. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer" })];
