/**
 * Finding a case in seconds. One field takes what the team has at
 * hand: a request's or a report's reference (exact), the person's e-mail
 * address or phone number (exact, through their keyed hash: the term is
 * compared as a key and kept nowhere), or an ad's id. An agent finds only
 * what is theirs; an officer finds everything, ad reports included.
 */
import type { Db } from "~/db/db.server";
import type { StaffRole } from "~/domain/staff";

import { targetKey } from "../submission/target-key.server";

export type SearchHit =
  | {
      kind: "request";
      reference: string;
      rightType: string;
      state: string;
      country: string;
      createdAt: string;
      assignee: string | null;
    }
  | {
      kind: "complaint";
      reference: string;
      reason: string;
      state: string;
      country: string;
      createdAt: string;
      assignee: string | null;
      campaignId: string;
    };

/** What a term is taken for. */
export function searchTermKind(term: string): "request" | "complaint" | "email" | "phone" | "ad" {
  if (/^PR-[0-9A-Z]{4}-[0-9A-Z]{4}$/i.test(term)) return "request";
  if (/^PA-[0-9A-Z]{4}-[0-9A-Z]{4}$/i.test(term)) return "complaint";
  if (term.includes("@")) return "email";
  if (/^\+?[\d\s().-]{6,}$/.test(term) && /\d{6}/.test(term.replace(/\D/g, ""))) return "phone";
  return "ad";
}

const LIMIT = 50;

export async function searchCases(
  db: Db,
  rawTerm: string,
  staff: { email: string; role: StaffRole },
): Promise<SearchHit[]> {
  const term = rawTerm.trim();
  const kind = searchTermKind(term);
  const officer = staff.role === "officer";
  let requests = db
    .selectFrom("privacy_request")
    .select(["reference", "right_type", "state", "country", "created_at", "assignee"])
    .orderBy("created_at", "desc")
    .limit(LIMIT);
  if (!officer) requests = requests.where("assignee", "=", staff.email.toLowerCase());
  let complaints = db
    .selectFrom("political_ad_complaint")
    .select(["reference", "reason", "state", "country", "created_at", "assignee", "campaign_id"])
    .orderBy("created_at", "desc")
    .limit(LIMIT);
  const requestRows =
    kind === "request"
      ? requests.where("reference", "=", term.toUpperCase())
      : kind === "email"
        ? requests.where("email_key", "=", targetKey(term))
        : kind === "phone"
          ? requests.where("phone_key", "=", targetKey(term))
          : null;
  complaints =
    kind === "complaint"
      ? complaints.where("reference", "=", term.toUpperCase())
      : kind === "email"
        ? complaints.where("email_key", "=", targetKey(term))
        : complaints.where("campaign_id", "=", term);
  const searchesComplaints = officer && (kind === "complaint" || kind === "email" || kind === "ad" || kind === "phone");
  const [foundRequests, foundComplaints] = await Promise.all([
    requestRows ? requestRows.execute() : [],
    searchesComplaints ? complaints.execute() : [],
  ]);
  return [
    ...foundRequests.map((row) => ({
      kind: "request" as const,
      reference: row.reference,
      rightType: row.right_type,
      state: row.state,
      country: row.country,
      createdAt: row.created_at,
      assignee: row.assignee,
    })),
    ...foundComplaints.map((row) => ({
      kind: "complaint" as const,
      reference: row.reference,
      reason: row.reason,
      state: row.state,
      country: row.country,
      createdAt: row.created_at,
      assignee: row.assignee,
      campaignId: row.campaign_id,
    })),
  ];
}
