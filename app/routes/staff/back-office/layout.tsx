import type { Route } from "./+types/layout";
import { requireStaff } from "~/http/staff/guard.server";

/** The back office is for officers: an agent gets the 403 page, for pages and posts alike. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer" })];
