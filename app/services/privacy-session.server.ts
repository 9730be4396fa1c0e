/**
 * What the privacy-rights pages keep between requests, in the `__privacy`
 * cookie (signed): the brand keys chosen in the objection's step 1, and the
 * summary the processed page shows once (a flash). Nothing else: no e-mail
 * address or name ever goes into a cookie.
 */
import { redirect } from "react-router";
import type { FlowType } from "~/validation/privacy-request";
import { commitSession, hasPurposeCookie, readSession } from "./session.server";

const BRANDS_KEY = "objectionBrands";
const PROCESSED_KEY = "processed";

/** What the processed page needs to pick its title and message (spec 2). */
export type ProcessedSummary = { flowType: FlowType; withEmail: boolean; reference: string };

export async function objectionBrands(request: Request): Promise<string[]> {
  if (!hasPurposeCookie(request, "privacy")) return [];
  const value = (await readSession(request, "privacy")).get(BRANDS_KEY);
  return Array.isArray(value) ? value.filter((key): key is string => typeof key === "string") : [];
}

/** Keeps step 1's choice and goes to `to` (step 2). */
export async function redirectWithObjectionBrands(request: Request, to: string, brandKeys: string[]): Promise<Response> {
  const session = await readSession(request, "privacy");
  session.set(BRANDS_KEY, brandKeys);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(request, "privacy", session) } });
}

/** After a stored request: the processed page's summary, and the objection's choice forgotten. */
export async function redirectToProcessed(request: Request, to: string, summary: ProcessedSummary): Promise<Response> {
  const session = await readSession(request, "privacy");
  session.unset(BRANDS_KEY);
  session.flash(PROCESSED_KEY, summary);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(request, "privacy", session) } });
}

/** Reads (and consumes) the processed page's summary. */
export async function takeProcessedSummary(request: Request): Promise<{ summary: ProcessedSummary | null; headers?: HeadersInit }> {
  if (!hasPurposeCookie(request, "privacy")) return { summary: null };
  const session = await readSession(request, "privacy");
  const summary = (session.get(PROCESSED_KEY) as ProcessedSummary | undefined) ?? null;
  if (!summary) return { summary: null };
  return { summary, headers: { "Set-Cookie": await commitSession(request, "privacy", session) } };
}

const STAFF_PROCESSED_KEY = "staffProcessed";

/** After a staff member's request: its reference for the staff processed page (once). */
export async function redirectToStaffProcessed(request: Request, to: string, reference: string): Promise<Response> {
  const session = await readSession(request, "privacy");
  session.flash(STAFF_PROCESSED_KEY, reference);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(request, "privacy", session) } });
}

/** Reads (and consumes) the staff processed page's reference. */
export async function takeStaffProcessed(request: Request): Promise<{ reference: string | null; headers?: HeadersInit }> {
  if (!hasPurposeCookie(request, "privacy")) return { reference: null };
  const session = await readSession(request, "privacy");
  const reference = session.get(STAFF_PROCESSED_KEY);
  if (typeof reference !== "string") return { reference: null };
  return { reference, headers: { "Set-Cookie": await commitSession(request, "privacy", session) } };
}
