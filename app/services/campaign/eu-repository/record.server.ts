/**
 * One version of an online ad's notice as a record of the
 * European repository. Implementing Regulation (EU) 2026/818 names four
 * groups of metadata: the identification of the ad (a correction keeps the
 * base identifier with a new version), the permanent URL where it can be
 * found, the language of the metadata, and the transparency notice's
 * elements as Implementing Regulation (EU) 2025/1410, Annex II lists them
 * (TTPA Art. 12(1)). The names below are ours: the repository's exchange
 * schema is not public yet (vocabulary.server.ts says what is and is not).
 */
import { COMPANY } from "~/content/company";
import { contextNote, noticePath, type CampaignItem, type CampaignVersionEntry } from "~/domain/campaign-item";
import { parseCountry } from "~/domain/country";

import { COUNTRY, LANGUAGE, vocabulary } from "./vocabulary.server";

const party = (name: string, email: string, address: string) =>
  name ? { name, email: email || null, address: address || null } : null;

export function repositoryRecord(item: CampaignItem, entry: CampaignVersionEntry, origin: string) {
  const country = parseCountry(item.country);
  if (!country) throw new Error(`Unknown country '${item.country}' for ${item.id}`);
  const note = contextNote(item);
  return {
    identification: {
      identifier: item.id,
      version: entry.version,
      versionedIdentifier: `${item.id}/v${entry.version}`,
      recordedAt: entry.recordedAt,
      change:
        entry.version === 1
          ? null
          : { kind: entry.kind.toLowerCase(), reason: entry.reason || null, fields: entry.changedFields },
      publisher: { name: COMPANY[country].legalName, country: COUNTRY[country] },
    },
    permanentUrl: `${origin}${noticePath(item.language, item.id, entry.version)}`,
    language: LANGUAGE[item.language],
    transparencyNotice: {
      medium: vocabulary.medium(item.channel),
      status: vocabulary.status(item.status),
      sponsor: party(item.sponsorName, item.sponsorEmail, item.sponsorAddress),
      payer: party(item.payerName, item.payerEmail, item.payerAddress),
      ultimateControllingEntity: party(
        item.ultimateBeneficiaryOwnerName,
        item.ultimateBeneficiaryOwnerEmail,
        item.ultimateBeneficiaryOwnerAddress,
      ),
      period: { start: item.publicationStartDate, end: item.publicationEndDate || null },
      amounts: { currency: "EUR", lower: item.budgetLowerBound, upper: item.budgetUpperBound },
      fundingOrigin: {
        type: vocabulary.fundingOrigin(item.fundingOriginType),
        region: vocabulary.fundingRegion(item.fundingRegion),
      },
      linkedTo: {
        ...vocabulary.context(country, item.campaignContextType),
        url: item.campaignContextUrl || null,
        note: note || null,
      },
      reach: { measure: "impressions", lower: item.reachLowerBound, upper: item.reachUpperBound },
      // TTPA Art. 12(1)(i) and Art. 19: the group's titles sell no targeting or ad-delivery on personal data.
      targeting: { used: false },
      previousSuspension: item.previousPublicationSuspended,
    },
  };
}

export type RepositoryRecord = ReturnType<typeof repositoryRecord>;
