/**
 * What the privacy-rights pages keep between requests, in the `__privacy`
 * cookie (signed): the brand keys chosen in the objection's step 1, and the
 * summary the processed page shows once (a flash). Nothing else: no e-mail
 * address or name ever goes into a cookie.
 */
import type { RightType } from "~/domain/rights";

import { hasPurposeCookie, readSession, redirectWithSession, takeFlash } from "./session.server";

const BRANDS_KEY = "objectionBrands";
const PROCESSED_KEY = "processed";

/** What the processed page needs to pick its title and message (spec 2). */
export type ProcessedSummary = { flowType: RightType; withEmail: boolean; reference: string };

export async function objectionBrands(request: Request): Promise<string[]> {
  if (!hasPurposeCookie(request, "privacy")) return [];
  const value = (await readSession(request, "privacy")).get(BRANDS_KEY);
  return Array.isArray(value) ? value.filter((key): key is string => typeof key === "string") : [];
}

/** Keeps step 1's choice and goes to `to` (step 2). */
export function redirectWithObjectionBrands(request: Request, to: string, brandKeys: string[]): Promise<Response> {
  return redirectWithSession(request, "privacy", to, (session) => session.set(BRANDS_KEY, brandKeys));
}

/** After a stored request: the processed page's summary, and the objection's choice forgotten. */
export function redirectToProcessed(request: Request, to: string, summary: ProcessedSummary): Promise<Response> {
  return redirectWithSession(request, "privacy", to, (session) => {
    session.unset(BRANDS_KEY);
    session.flash(PROCESSED_KEY, summary);
  });
}

const isSummary = (value: unknown): value is ProcessedSummary =>
  typeof value === "object" && value !== null && "reference" in value;

/** Reads (and consumes) the processed page's summary. */
export async function takeProcessedSummary(
  request: Request,
): Promise<{ summary: ProcessedSummary | null; headers?: HeadersInit }> {
  const { value, headers } = await takeFlash(request, "privacy", PROCESSED_KEY, isSummary);
  return { summary: value, headers };
}

const STAFF_PROCESSED_KEY = "staffProcessed";

/** After a staff member's request: its reference for the staff processed page (once). */
export function redirectToStaffProcessed(request: Request, to: string, reference: string): Promise<Response> {
  return redirectWithSession(request, "privacy", to, (session) => session.flash(STAFF_PROCESSED_KEY, reference));
}

const isReference = (value: unknown): value is string => typeof value === "string";

/** Reads (and consumes) the staff processed page's reference. */
export async function takeStaffProcessed(
  request: Request,
): Promise<{ reference: string | null; headers?: HeadersInit }> {
  const { value, headers } = await takeFlash(request, "privacy", STAFF_PROCESSED_KEY, isReference);
  return { reference: value, headers };
}
