/** The back office's GET filters, read leniently: an unknown value is no filter (the page still answers). */
import { REQUEST_STATES, RIGHT_TYPES, type RequestState, type RightType } from "~/domain/privacy-request";
import { COMPLAINT_STATES } from "~/domain/complaint";
import { parseCountry } from "~/domain/country";
import type { ComplaintFilter } from "~/services/complaints-admin.server";
import type { RequestFilter } from "~/services/privacy-admin.server";
import { COMPLAINT_REASONS } from "~/validation/complaint";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function readRequestFilter(params: URLSearchParams): RequestFilter & { page: number } {
  return {
    state: oneOf<RequestState>(REQUEST_STATES, params.get("state")),
    rightType: oneOf<RightType>(RIGHT_TYPES, params.get("rightType")),
    country: parseCountry(params.get("country")),
    overdue: params.get("overdue") === "on",
    text: (params.get("text") ?? "").trim().slice(0, 100),
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}

export function readComplaintFilter(params: URLSearchParams): ComplaintFilter & { page: number } {
  return {
    state: oneOf(COMPLAINT_STATES, params.get("state")),
    reason: oneOf(COMPLAINT_REASONS, params.get("reason")),
    country: parseCountry(params.get("country")),
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}
