import { z } from "zod";

// Zod compiles object validators with `new Function` where it may. The
// page's policy allows no eval (app/utils/csp.server.ts): in the browser it
// validates without compiling and never tries. Every schema module takes
// `z` from here, so this runs before any schema is built, and only pages
// that validate a form carry Zod.
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
