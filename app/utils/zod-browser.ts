import { z } from "zod";

// Zod compiles object validators with `new Function` where it may. The
// page's policy allows no eval (app/utils/csp.server.ts): in the browser it
// validates without compiling and never tries. Imported first by the root
// route, so it runs before any schema is built.
if (typeof document !== "undefined") z.config({ jitless: true });
