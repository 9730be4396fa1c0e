import type { Country } from "~/i18n/locale";
import { publicOrigin } from "~/utils/public-origin.server";

/**
 * Every mail about a request says where to follow it (issue 26): the status
 * page, where the reference and the address get a link to its state.
 */
export function statusLine(country: Country, language: "nl" | "fr"): string {
  const url = `${publicOrigin(country, "")}/${language}/privacy-rights/status`;
  return language === "fr"
    ? `Suivez votre demande sur ${url} avec votre référence et votre adresse e-mail.`
    : `Volg je aanvraag op ${url} met je referentie en je e-mailadres.`;
}
