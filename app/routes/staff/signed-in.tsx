import { requireStaff } from "~/http/staff/guard.server";

import type { Route } from "./+types/signed-in";

/** Staff pages that only make sense signed in (the login confirmation, the summary): anyone else goes to the login page. */
export const middleware: Route.MiddlewareFunction[] = [requireStaff()];
