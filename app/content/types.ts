/**
 * Content is data, so the real group can swap it in (spec 3 "Entities").
 * Every content file is validated at start (see *.server.ts loaders).
 */
import type { Country } from "~/i18n/locale";

/** About page blocks (spec 2 "About"). */
export const BRAND_CATEGORIES = {
  nl: ["news", "online-only", "radio", "lifestyle"],
  be: ["television", "radio", "news-media", "magazines", "online-services", "other"],
} as const;

type BrandCategory<C extends Country = Country> = (typeof BRAND_CATEGORIES)[C][number];

/** Spec 3 "Brand: id, description, list of keys", plus the About block it belongs to. */
export type Brand<C extends Country = Country> = {
  /** Stable identifier, upper snake case, unique per country (e.g. "NL_NOORDERBODE"). */
  id: string;
  /** The brand's name as readers know it. */
  description: string;
  /** Keys the privacy back office knows the brand by (sent with requests). */
  keys: string[];
  category: BrandCategory<C>;
};

/** Spec 3 "Phone directory entry". */
export const PHONE_BRAND_TYPES = ["news", "online-only", "radio", "lifestyle", "tv"] as const;
export type PhoneBrandType = (typeof PHONE_BRAND_TYPES)[number];

export type PhoneDirectoryEntry = {
  brandName: string;
  /** As dialled in the country, with spaces for readability ("088 123 45 67"). */
  phoneNumber: string;
  brandType: PhoneBrandType;
};

/** Spec 2 "Push-notification instructions", per locale with texts. */
export type PushNotificationSteps = {
  websiteChrome: string[];
  websiteSafari: string[];
  app: string[];
  /** Extra app steps, shown on the .nl site only. */
  appExtraNl: string[];
};
