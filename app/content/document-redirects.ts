/**
 * Spec 2 "Document page": legacy document paths per locale, and documents that
 * live on the corporate website. One table; the document route applies it.
 */
import type { Locale } from "~/i18n/locale";
import { ownValue } from "~/utils/own-property";
import type { DocumentKey } from "./documents";

const BELGIAN_LEGACY: Record<string, DocumentKey> = {
  cookiebeleid: "cookie-policy",
  gebruiksvoorwaarden: "terms-of-use",
  privacybeleid: "privacy-policy",
  "privacybeleid-consumenten": "privacy-policy",
};

export const LEGACY_DOCUMENT_REDIRECTS: Partial<Record<Locale, Record<string, DocumentKey>>> = {
  nl_be: {
    ...BELGIAN_LEGACY,
    "privacybeleid-programmadeelnemers": "privacy-policy-participants",
    "privacybeleid-sollicitanten": "privacy-policy-applicants",
  },
  fr_be: {
    ...BELGIAN_LEGACY,
    "privacybeleid-programmadeelnemers": "privacy-policy",
    "privacybeleid-sollicitanten": "privacy-policy",
  },
  nl_nl: {
    privacystatement: "privacy-policy",
    cookiestatement: "cookie-policy",
    gebruiksvoorwaarden: "terms-of-use",
  },
};

/** Paths on the corporate website (CORPORATE_SITE_URL) per locale and key. */
export const EXTERNAL_DOCUMENT_REDIRECTS: Partial<Record<Locale, Record<string, string>>> = {
  nl_be: {
    "privacy-policy-advertisers": "/nl-be/privacybeleid-adverteerders",
    "cookie-policy-advertisers": "/nl-be/cookiebeleid-adverteerders",
    "privacy-policy-b2b": "/nl-be/privacybeleid-zakelijke-partners",
    "cookie-policy-b2b": "/nl-be/cookiebeleid-zakelijke-partners",
  },
  fr_be: {
    "privacy-policy-advertisers": "/fr-be/politique-de-confidentialite-annonceurs",
    "cookie-policy-advertisers": "/fr-be/politique-cookies-annonceurs",
    "privacy-policy-b2b": "/fr-be/politique-de-confidentialite-partenaires",
    "cookie-policy-b2b": "/fr-be/politique-cookies-partenaires",
  },
  nl_nl: {
    "cookie-policy-advertisers": "/nl-nl/cookiebeleid-adverteerders",
  },
  en_be: {
    "privacy-policy-b2b": "/en/privacy-policy-business-partners",
    "cookie-policy-b2b": "/en/cookie-policy-business-partners",
  },
};

export type DocumentRedirect =
  | { kind: "document"; key: DocumentKey }
  | { kind: "external"; path: string };

export function documentRedirect(locale: Locale, key: string): DocumentRedirect | null {
  const legacy = ownValue(LEGACY_DOCUMENT_REDIRECTS[locale], key);
  if (legacy) return { kind: "document", key: legacy };
  const external = ownValue(EXTERNAL_DOCUMENT_REDIRECTS[locale], key);
  if (external) return { kind: "external", path: external };
  return null;
}
