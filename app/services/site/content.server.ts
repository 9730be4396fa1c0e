import { z } from "zod";

import { brandsBe, brandsNl } from "~/content/brands";
import { phoneDirectoryBe, phoneDirectoryNl } from "~/content/phone-directory";
import { BRAND_CATEGORIES, PHONE_BRAND_TYPES, type Brand, type PhoneDirectoryEntry } from "~/content/types";
import type { Country } from "~/i18n/locale";

/** Spec 9: 40 brands in the Netherlands, 29 in Belgium; 29 and 12 phone entries. */
const EXPECTED_COUNTS = {
  brands: { nl: 40, be: 29 },
  phoneDirectory: { nl: 29, be: 12 },
} as const;

function brandListSchema(country: Country) {
  const brand = z.object({
    id: z.string().regex(/^[A-Z][A-Z0-9_]*$/, "upper snake case"),
    description: z.string().trim().min(1),
    keys: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "kebab case")).min(1),
    category: z.enum(BRAND_CATEGORIES[country]),
  });
  return z
    .array(brand)
    .length(EXPECTED_COUNTS.brands[country])
    .superRefine((brands, ctx) => {
      const ids = brands.map((b) => b.id);
      const keys = brands.flatMap((b) => b.keys);
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", message: "duplicate brand id" });
      if (new Set(keys).size !== keys.length) ctx.addIssue({ code: "custom", message: "duplicate brand key" });
    });
}

function phoneDirectorySchema(country: Country) {
  return z
    .array(
      z.object({
        brandName: z.string().trim().min(1),
        phoneNumber: z.string().regex(/^0[0-9 ]{8,13}$/, "a national number such as 088 123 45 67"),
        brandType: z.enum(PHONE_BRAND_TYPES),
      }),
    )
    .length(EXPECTED_COUNTS.phoneDirectory[country]);
}

function validate<T>(name: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Content ${name} is invalid at ${issue.path.join(".") || "(list)"}: ${issue.message}`);
  }
  return result.data;
}

/** Validates every typed content file; the server refuses to start otherwise. */
export function validateContent(): void {
  validate("brandsNl", brandListSchema("nl"), brandsNl);
  validate("brandsBe", brandListSchema("be"), brandsBe);
  validate("phoneDirectoryNl", phoneDirectorySchema("nl"), phoneDirectoryNl);
  validate("phoneDirectoryBe", phoneDirectorySchema("be"), phoneDirectoryBe);
}

export function brandsFor(country: Country): Brand[] {
  return country === "nl" ? brandsNl : brandsBe;
}

export function brandsByCategory(country: Country) {
  const brands = brandsFor(country);
  return BRAND_CATEGORIES[country].map((category) => ({
    category,
    brands: brands.filter((brand) => brand.category === category),
  }));
}

export function phoneDirectoryFor(country: Country): PhoneDirectoryEntry[] {
  return country === "nl" ? phoneDirectoryNl : phoneDirectoryBe;
}

const brandKeySets = new Map<Country, ReadonlySet<string>>();

/** Every brand key of a country (a brand has one or more keys). */
export function brandKeysFor(country: Country): ReadonlySet<string> {
  let keys = brandKeySets.get(country);
  if (!keys) {
    keys = new Set(brandsFor(country).flatMap((brand) => brand.keys));
    brandKeySets.set(country, keys);
  }
  return keys;
}
