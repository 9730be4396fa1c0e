import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { requiredText } from "./rules";

/** The person's answer to an officer's question (files come with it, checked as they stream in). */
export const replyForm = defineForm({
  id: "request-reply",
  schema: z.object({ answer: requiredText(5000, { multiline: true }) }),
  // The files are checked as they stream in, before the schema reads the rest.
  extraFields: { files: 10 },
});
