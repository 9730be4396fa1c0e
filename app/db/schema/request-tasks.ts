import type { SystemChannel, TaskState } from "~/domain/data-system";
import type { SystemAction } from "~/domain/rights";

/** What one request asks of one system. */
export interface SystemTaskTable {
  id: string;
  request_id: string;
  system_id: string;
  /** What it asks of the system (restrict, then lift, are two tasks). */
  action: SystemAction;
  channel: SystemChannel;
  state: TaskState;
  /** Why it failed, the note of its answer, or why an officer closed it. */
  reason: string | null;
  /** "system", the contact's address, or the officer's. */
  answered_by: string | null;
  answered_at: string | null;
  /** An e-mail task's contact (reassignable). */
  contact_email: string | null;
  /** An e-mail task's link: SHA-256 of its token. */
  link_token_hash: string | null;
  link_expires_at: string | null;
  created_at: string;
}
