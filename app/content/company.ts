import type { Country } from "~/i18n/locale";

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
