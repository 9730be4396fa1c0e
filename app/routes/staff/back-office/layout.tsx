import { requireStaff } from "~/http/staff/guard.server";

import type { Route } from "./+types/layout";

/** The back office is for officers: an agent gets the 403 page, for pages and posts alike. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff({ role: "officer" })];
