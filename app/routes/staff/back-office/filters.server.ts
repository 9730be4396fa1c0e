/** The back office's GET filters, read leniently: an unknown value is no filter (the page still answers). */
import { REQUEST_STATES, RIGHT_TYPES, type ComplaintState, type RequestState, type RightType } from "~/db/schema";
import type { ComplaintFilter } from "~/services/complaints-admin.server";
import type { RequestFilter } from "~/services/privacy-admin.server";
import { COMPLAINT_REASONS } from "~/validation/complaint";

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value && (values as readonly string[]).includes(value) ? (value as T) : undefined;

export function readRequestFilter(params: URLSearchParams): RequestFilter & { page: number } {
  return {
    state: oneOf<RequestState>(REQUEST_STATES, params.get("state")),
    rightType: oneOf<RightType>(RIGHT_TYPES, params.get("rightType")),
    country: oneOf(["nl", "be"] as const, params.get("country")),
    overdue: params.get("overdue") === "on",
    text: (params.get("text") ?? "").trim().slice(0, 100),
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}

export const COMPLAINT_STATE_VALUES: readonly ComplaintState[] = ["RECEIVED", "IN_REVIEW", "CLOSED"];

export function readComplaintFilter(params: URLSearchParams): ComplaintFilter & { page: number } {
  return {
    state: oneOf(COMPLAINT_STATE_VALUES, params.get("state")),
    reason: oneOf(COMPLAINT_REASONS, params.get("reason")),
    country: oneOf(["NL", "BE"] as const, params.get("country")),
    page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
  };
}
