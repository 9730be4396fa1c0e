/**
 * A system of the register as an officer or an import file gives it (issue
 * 41). The same rules for both: the command names a bad row's line and
 * field with these messages.
 */
import { z } from "~/validation/zod";
import { COUNTRIES } from "~/domain/country";
import { SYSTEM_CHANNELS, SYSTEM_ID } from "~/domain/data-system";
import { RIGHT_TYPES } from "~/domain/privacy-request";
import { LOCALES } from "~/i18n/locale";

/** https anywhere; http only to this machine (a receiver in a test, a tunnel). */
function isAcceptableWebhookUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

const list = <T extends string>(values: readonly T[], what: string) =>
  z
    .array(z.enum(values as [T, ...T[]], { error: `unknown ${what} (one of ${values.join(", ")})` }))
    .min(1, `at least one ${what}`)
    .transform((items) => [...new Set(items)]);

export const dataSystemSchema = z
  .object({
    id: z.string().regex(SYSTEM_ID, "2–40 characters: lower-case letters, digits and dashes"),
    name: z.string().trim().min(1, "required").max(120, "at most 120 characters"),
    rights: list(RIGHT_TYPES, "right"),
    countries: list(COUNTRIES, "country"),
    channel: z.enum(SYSTEM_CHANNELS, { error: `one of ${SYSTEM_CHANNELS.join(", ")}` }),
    webhookUrl: z.string().trim().refine(isAcceptableWebhookUrl, "an https URL (http only to localhost)").optional(),
    secret: z.string().regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, "whsec_ followed by at least 24 bytes in base64").optional(),
    callbackToken: z.string().min(32, "at least 32 characters").max(200, "at most 200 characters").optional(),
    contactEmail: z.email("an e-mail address").optional(),
    contactLocale: z.enum(LOCALES, { error: `one of ${LOCALES.join(", ")}` }).optional(),
    active: z.boolean().default(true),
  })
  .superRefine((system, ctx) => {
    if (system.channel === "webhook" && !system.webhookUrl) ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: "required for a webhook system" });
    if (system.channel === "email" && !system.contactEmail) ctx.addIssue({ code: "custom", path: ["contactEmail"], message: "required for an e-mail system" });
    if (system.channel !== "webhook" && (system.webhookUrl || system.secret || system.callbackToken)) {
      ctx.addIssue({ code: "custom", path: ["channel"], message: "only a webhook system has a URL, a secret or a callback token" });
    }
  });

export type DataSystemInput = z.input<typeof dataSystemSchema>;
export type DataSystem = z.output<typeof dataSystemSchema>;
