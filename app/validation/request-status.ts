import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { requiredEmail } from "./rules";

/** "pr 7k4m 9qxd", "PR-7K4M-9QXD" and "7K4M9QXD" are one reference: as it is read out or copied. */
function normaliseReference(value: string): string | null {
  const compact = value.toUpperCase().replace(/[\s-]/g, "").replace(/^PR/, "");
  return /^[0-9A-Z]{8}$/.test(compact) ? `PR-${compact.slice(0, 4)}-${compact.slice(4)}` : null;
}

/** The status page asks for the reference and the address the request was made with. */
export const requestStatusForm = defineForm({
  id: "request-status",
  schema: z.object({
    reference: z
      .string({ error: "validation.reference" })
      .trim()
      .max(40, "validation.reference")
      .transform((value, ctx) => {
        const reference = normaliseReference(value);
        if (!reference) ctx.addIssue({ code: "custom", message: "validation.reference" });
        return reference ?? value;
      }),
    email: requiredEmail(),
  }),
});
