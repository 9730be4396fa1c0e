/**
 * The tables for Kysely, one module per entity beside this one. Timestamps
 * are ISO-8601 UTC strings in both SQLite and PostgreSQL (one set of
 * migrations).
 */
import type { AppMetaTable } from "./app-meta";
import type { CampaignItemTable, CampaignItemVersionTable } from "./campaigns";
import type { InternalNoteTable } from "./case-work";
import type { ComplaintEventTable, PoliticalAdComplaintTable } from "./complaints";
import type { ContactMessageTable } from "./contact-messages";
import type {
  AdReportDayTable,
  RequestAnswerDaysTable,
  RequestAnswerMonthsTable,
  RequestDayTable,
  TaskAnswerDaysTable,
  TaskDayTable,
} from "./figure-rollups";
import type { OutboxTable, WebhookDeliveryTable } from "./outbox";
import type {
  AuditEventTable,
  InfoRequestTable,
  MarketingSuppressionTable,
  PrivacyRequestTable,
  ReplyLinkTable,
  StatusLinkTable,
} from "./privacy-requests";
import type { FileChunkTable, RequestDeliveryTable, RequestFileTable } from "./request-files";
import type { SystemTaskTable } from "./request-tasks";
import type {
  StaffAccountTable,
  StaffKeptFormTable,
  StaffMemberTable,
  StaffRecoveryCodeTable,
  StaffSessionTable,
} from "./staff";
import type { SubmissionKeyTable } from "./submission-keys";
import type { DataSystemEventTable, DataSystemTable } from "./systems";

export interface Database {
  submission_key: SubmissionKeyTable;
  complaint_event: ComplaintEventTable;
  staff_account: StaffAccountTable;
  staff_session: StaffSessionTable;
  staff_kept_form: StaffKeptFormTable;
  staff_recovery_code: StaffRecoveryCodeTable;
  campaign_item: CampaignItemTable;
  campaign_item_version: CampaignItemVersionTable;
  political_ad_complaint: PoliticalAdComplaintTable;
  app_meta: AppMetaTable;
  contact_message: ContactMessageTable;
  outbox: OutboxTable;
  privacy_request: PrivacyRequestTable;
  request_delivery: RequestDeliveryTable;
  request_file: RequestFileTable;
  file_chunk: FileChunkTable;
  status_link: StatusLinkTable;
  info_request: InfoRequestTable;
  reply_link: ReplyLinkTable;
  audit_event: AuditEventTable;
  marketing_suppression: MarketingSuppressionTable;
  data_system: DataSystemTable;
  data_system_event: DataSystemEventTable;
  system_task: SystemTaskTable;
  webhook_delivery: WebhookDeliveryTable;
  internal_note: InternalNoteTable;
  staff_member: StaffMemberTable;
  request_day: RequestDayTable;
  request_answer_days: RequestAnswerDaysTable;
  request_answer_months: RequestAnswerMonthsTable;
  ad_report_day: AdReportDayTable;
  task_day: TaskDayTable;
  task_answer_days: TaskAnswerDaysTable;
}
