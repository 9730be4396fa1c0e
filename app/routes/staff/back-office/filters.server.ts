/** The back office's GET filters, read leniently: an unknown value is no filter (the page still answers). */
import { COMPLAINT_STATES } from "~/domain/complaint";
import { parseCountry } from "~/domain/country";
import { REQUEST_STATES, RIGHT_TYPES, type RequestState, type RightType } from "~/domain/privacy-request";
import type { StaffRole } from "~/domain/staff";
import type { ComplaintFilter } from "~/services/complaint/back-office.server";
import type { RequestFilter } from "~/services/privacy-request/back-office.server";
import { COMPLAINT_REASONS } from "~/validation/complaint";

/**
 * The highest page a list is asked for: no list has this many
 * pages, and its offset stays an integer every database binds
 * (`?page=100000000000000000000` was a float SQLite refused).
 */
const MAX_PAGE = 1_000_000;

/** The page asked for, 1 when none or unreadable, at most MAX_PAGE (an empty page, as any page past the last). */
function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return Number.isNaN(page) ? 1 : Math.min(MAX_PAGE, Math.max(1, page));
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Whose requests: `mine` is the viewer's; an agent only ever sees their own. */
function readOwner(
  params: URLSearchParams,
  viewer: { email: string; role: StaffRole },
): { owner?: string; ownerChoice: string } {
  if (viewer.role !== "officer") return { owner: viewer.email, ownerChoice: "mine" };
  const choice = (params.get("owner") ?? "").trim().toLowerCase().slice(0, 254);
  if (choice === "mine") return { owner: viewer.email, ownerChoice: choice };
  if (choice === "none" || choice.includes("@")) return { owner: choice, ownerChoice: choice };
  return { ownerChoice: "" };
}

export function readRequestFilter(
  params: URLSearchParams,
  viewer: { email: string; role: StaffRole },
): RequestFilter & { page: number; ownerChoice: string } {
  return {
    ...readOwner(params, viewer),
    state: oneOf<RequestState>(REQUEST_STATES, params.get("state")),
    rightType: oneOf<RightType>(RIGHT_TYPES, params.get("rightType")),
    country: parseCountry(params.get("country")),
    overdue: params.get("overdue") === "on",
    text: (params.get("text") ?? "").trim().slice(0, 100),
    page: readPage(params),
  };
}

export function readComplaintFilter(
  params: URLSearchParams,
  viewer: { email: string; role: StaffRole },
): ComplaintFilter & { page: number; ownerChoice: string } {
  return {
    ...readOwner(params, viewer),
    state: oneOf(COMPLAINT_STATES, params.get("state")),
    reason: oneOf(COMPLAINT_REASONS, params.get("reason")),
    country: parseCountry(params.get("country")),
    page: readPage(params),
  };
}
