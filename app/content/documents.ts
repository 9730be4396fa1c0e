/** Spec 2 "Document page": the six document keys and the privacy-policy pills. */
import type { Locale } from "~/i18n/locale";

export const DOCUMENT_KEYS = [
  "privacy-policy",
  "cookie-policy",
  "terms-of-use",
  "privacy-policy-participants",
  "privacy-policy-applicants",
  "privacy-policy-events",
] as const;

export type DocumentKey = (typeof DOCUMENT_KEYS)[number];

export function isDocumentKey(value: string | undefined): value is DocumentKey {
  return (DOCUMENT_KEYS as readonly string[]).includes(value ?? "");
}

/** Pill menu between the privacy policies; nl_nl has no participants pill. */
export function privacyPolicyPills(locale: Locale): DocumentKey[] {
  return locale === "nl_nl"
    ? ["privacy-policy", "privacy-policy-applicants", "privacy-policy-events"]
    : [
        "privacy-policy",
        "privacy-policy-participants",
        "privacy-policy-applicants",
        "privacy-policy-events",
      ];
}

export function isPrivacyPolicy(key: DocumentKey): boolean {
  return key.startsWith("privacy-policy");
}
