import type { Country } from "~/i18n/locale";
import type { MailTexts } from "~/i18n/mail-texts.server";
import { publicOrigin } from "~/utils/public-origin.server";

/**
 * Every mail about a request says where to follow it: the status
 * page, in the mail's language, where the reference and the address get a
 * link to its state.
 */
export function statusLine(texts: MailTexts, country: Country): string {
  return texts.text("statusLine", { url: `${publicOrigin(country, "")}/${texts.language}/privacy-rights/status` });
}
