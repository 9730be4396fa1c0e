import { requireStaff } from "~/http/staff/guard.server";

import type { Route } from "./+types/case-layout";

/**
 * The requests and the search, for every signed-in staff member.
 * An officer sees all; an agent only what is assigned to them (the pages
 * below check each request, and the list and the search filter by owner).
 */
export const middleware: Route.MiddlewareFunction[] = [requireStaff()];
