import type { Country, Language } from "~/i18n/locale";

/** The group's own details (invented), used by mail templates and pages. */
export const GROUP_NAME = "Veldhaven Media";

export const COMPANY: Record<Country, { legalName: string; address: string; privacyEmail: string; phone: string }> = {
  nl: {
    legalName: "Veldhaven Media Nederland B.V.",
    address: "Stationsplein 45, 1012 AB Amsterdam",
    privacyEmail: "privacy@veldhavenmedia.nl",
    phone: "088 330 33 00",
  },
  be: {
    legalName: "Veldhaven Media NV",
    address: "Mediaplein 1, 2018 Antwerpen",
    privacyEmail: "privacy@veldhavenmedia.be",
    phone: "03 210 44 00",
  },
};

type Authority = { name: string; website: string };

/**
 * The supervisory authority a person may complain to (GDPR Art. 77): the one
 * of the country whose site they used, named as it names itself in the
 * mail's language (Belgium's in Dutch and in French; English mails are
 * written in Dutch).
 */
const DATA_PROTECTION_AUTHORITIES: Record<Country, { nl: Authority; fr: Authority }> = {
  nl: {
    nl: { name: "Autoriteit Persoonsgegevens", website: "https://www.autoriteitpersoonsgegevens.nl" },
    fr: { name: "Autoriteit Persoonsgegevens", website: "https://www.autoriteitpersoonsgegevens.nl" },
  },
  be: {
    nl: { name: "Gegevensbeschermingsautoriteit", website: "https://www.gegevensbeschermingsautoriteit.be" },
    fr: { name: "Autorité de protection des données", website: "https://www.autoriteprotectiondonnees.be" },
  },
};

export function dataProtectionAuthority(country: Country, language: Language): Authority {
  return DATA_PROTECTION_AUTHORITIES[country][language === "fr" ? "fr" : "nl"];
}
