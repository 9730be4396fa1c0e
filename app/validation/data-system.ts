/**
 * A system of the register as an officer or an import file gives it.
 * The same rules for both: the command names a bad row's line and
 * field with these messages.
 */
import { COUNTRIES } from "~/domain/country";
import { SYSTEM_CHANNELS, SYSTEM_ID } from "~/domain/data-system";
import { RIGHT_TYPES } from "~/domain/privacy-request";
import { LOCALES } from "~/i18n/locale";
import { z } from "~/validation/zod";

import { defineForm } from "./form-definition";
import { optionalText } from "./rules";

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

/** A country in either case, as docs/systems.md writes it ("NL") or as it is stored ("nl"); kept in lower case. */
const countries = z
  .array(
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(COUNTRIES, { error: "unknown country (NL or BE, in either case)" })),
  )
  .min(1, "at least one country")
  .transform((items) => [...new Set(items)]);

export const dataSystemSchema = z
  .object({
    id: z.string().regex(SYSTEM_ID, "2–40 characters: lower-case letters, digits and dashes"),
    name: z.string().trim().min(1, "required").max(120, "at most 120 characters"),
    rights: list(RIGHT_TYPES, "right"),
    countries,
    channel: z.enum(SYSTEM_CHANNELS, { error: `one of ${SYSTEM_CHANNELS.join(", ")}` }),
    webhookUrl: z.string().trim().refine(isAcceptableWebhookUrl, "an https URL (http only to localhost)").optional(),
    secret: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/, "whsec_ followed by at least 24 bytes in base64")
      .optional(),
    callbackToken: z.string().min(32, "at least 32 characters").max(200, "at most 200 characters").optional(),
    contactEmail: z.email("an e-mail address").optional(),
    contactLocale: z.enum(LOCALES, { error: `one of ${LOCALES.join(", ")}` }).optional(),
    active: z.boolean().default(true),
  })
  .superRefine((system, ctx) => {
    if (system.channel === "webhook" && !system.webhookUrl)
      ctx.addIssue({ code: "custom", path: ["webhookUrl"], message: "required for a webhook system" });
    if (system.channel === "email" && !system.contactEmail)
      ctx.addIssue({ code: "custom", path: ["contactEmail"], message: "required for an e-mail system" });
    if (system.channel !== "webhook" && (system.webhookUrl || system.secret || system.callbackToken)) {
      ctx.addIssue({
        code: "custom",
        path: ["channel"],
        message: "only a webhook system has a URL, a secret or a callback token",
      });
    }
  });

export type DataSystemInput = z.input<typeof dataSystemSchema>;
export type DataSystem = z.output<typeof dataSystemSchema>;

/**
 * The officer's form: its shape only; the rules are
 * `dataSystemSchema`'s, checked by the action, each field's problem shown
 * with that field's own message (`validation.systems.<field>`). Secrets are
 * typed only to set or replace them: left empty, a system keeps its own.
 */
export const dataSystemForm = defineForm({
  id: "system-save",
  schema: z.object({
    id: z.string({ error: "validation.systems.id" }).trim().max(40, "validation.systems.id"),
    name: z.string({ error: "validation.systems.name" }).trim().max(120, "validation.systems.name"),
    rights: z.array(z.string()).max(RIGHT_TYPES.length).default([]),
    countries: z.array(z.string()).max(COUNTRIES.length).default([]),
    channel: z.enum(SYSTEM_CHANNELS, { error: "validation.systems.channel" }),
    webhookUrl: optionalText(500),
    secret: optionalText(200),
    callbackToken: optionalText(200),
    contactEmail: optionalText(254),
    contactLocale: optionalText(10),
    active: z.enum(["yes", "no"], { error: "validation.systems.active" }),
  }),
  groups: { rights: RIGHT_TYPES.length, countries: COUNTRIES.length },
});

export type DataSystemFormValue = z.output<typeof dataSystemForm.schema>;

/** The form's value as the register's rules take it. */
export function fromForm(value: DataSystemFormValue): DataSystemInput {
  return {
    id: value.id,
    name: value.name,
    rights: value.rights as DataSystemInput["rights"],
    countries: value.countries,
    channel: value.channel,
    webhookUrl: value.webhookUrl,
    secret: value.secret,
    callbackToken: value.callbackToken,
    contactEmail: value.contactEmail,
    contactLocale: value.contactLocale as DataSystemInput["contactLocale"],
    active: value.active === "yes",
  };
}
