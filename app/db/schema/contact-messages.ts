import type { Country } from "~/domain/country";
import type { Locale } from "~/i18n/locale";

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  question: string;
  locale: Locale;
  country: Country;
  created_at: string;
}
