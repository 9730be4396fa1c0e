import type { Migration, MigrationProvider } from "kysely";

import * as appMeta from "./001-app-meta";
import * as contactAndOutbox from "./002-contact-and-outbox";
import * as privacyRequests from "./003-privacy-requests";
import * as politicalAds from "./004-political-ads";
import * as staff from "./005-staff";
import * as complaintEvents from "./006-complaint-events";
import * as countryInOneCase from "./007-country-in-one-case";
import * as staffTwoFactor from "./008-staff-two-factor";
import * as outboxPriority from "./009-outbox-priority";
import * as submissionKeys from "./010-submission-keys";
import * as requestFiles from "./011-request-files";
import * as statusLinks from "./012-status-links";
import * as duplicatesAndQuestions from "./013-duplicates-and-questions";
import * as verificationResend from "./014-verification-resend";
import * as campaignVersions from "./015-campaign-versions";
import * as replyLinks from "./016-reply-links";
import * as staffKeptForms from "./017-staff-kept-forms";
import * as dataSystems from "./018-data-systems";
import * as systemEvents from "./019-system-events";
import * as caseWork from "./020-case-work";
import * as figureIndexes from "./021-figure-indexes";
import * as webhookNetwork from "./022-webhook-network";
import * as everyRight from "./023-every-right";
import * as liftNoticeAndDecision from "./024-lift-notice-and-decision";
import * as figureRollups from "./025-figure-rollups";
import * as backOfficeIndexes from "./026-back-office-indexes";

/**
 * Migrations are listed in code (not read from a folder) so that the bundled
 * server carries them. Names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  "001-app-meta": appMeta,
  "002-contact-and-outbox": contactAndOutbox,
  "003-privacy-requests": privacyRequests,
  "004-political-ads": politicalAds,
  "005-staff": staff,
  "006-complaint-events": complaintEvents,
  "007-country-in-one-case": countryInOneCase,
  "008-staff-two-factor": staffTwoFactor,
  "009-outbox-priority": outboxPriority,
  "010-submission-keys": submissionKeys,
  "011-request-files": requestFiles,
  "012-status-links": statusLinks,
  "013-duplicates-and-questions": duplicatesAndQuestions,
  "014-verification-resend": verificationResend,
  "015-campaign-versions": campaignVersions,
  "016-reply-links": replyLinks,
  "017-staff-kept-forms": staffKeptForms,
  "018-data-systems": dataSystems,
  "019-system-events": systemEvents,
  "020-case-work": caseWork,
  "021-figure-indexes": figureIndexes,
  "022-webhook-network": webhookNetwork,
  "023-every-right": everyRight,
  "024-lift-notice-and-decision": liftNoticeAndDecision,
  "025-figure-rollups": figureRollups,
  "026-back-office-indexes": backOfficeIndexes,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
