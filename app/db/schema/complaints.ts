import type { ComplaintState } from "~/domain/complaint";
import type { Country } from "~/domain/country";
import type { AuditActor } from "~/domain/privacy-request";
import type { Locale } from "~/i18n/locale";

import type { CaseWorkColumns } from "./case-work";

/** A report about an ad (Art. 15): acknowledged, then handled by the compliance team. */
export interface PoliticalAdComplaintTable extends CaseWorkColumns {
  id: string;
  reference: string;
  campaign_id: string;
  country: Country;
  reason: string;
  name: string;
  email: string;
  explanation: string;
  locale: Locale;
  state: ComplaintState;
  created_at: string;
  updated_at: string;
}

/** An ad report's trail: who reviewed it, and what the reporter was told. */
export interface ComplaintEventTable {
  id: string;
  complaint_id: string;
  seq: number;
  at: string;
  actor: AuditActor;
  actor_id: string | null;
  action: string;
  from_state: ComplaintState | null;
  to_state: ComplaintState | null;
  note: string | null;
}
