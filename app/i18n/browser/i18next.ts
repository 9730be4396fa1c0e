/**
 * What the browser needs of i18next (about 16 KB of the 18 KB
 * that i18next and react-i18next add to every page React runs): texts that
 * are already resolved for one locale, `{{name}}` interpolation, plurals
 * with `_zero`, and `defaultValue`. The server renders with i18next itself;
 * vite.config.ts puts this module in its place in the browser bundle only,
 * and app/i18n/browser/i18next.test.ts checks that every text of every
 * locale comes out as i18next gives it, so hydration sees the same words.
 */
import type { Translations } from "../translations";

export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

type InitOptions = { lng: string; defaultNS: string; resources: Record<string, Record<string, Translations>> };

export type i18n = { language: string; t: TFunction; init(options: InitOptions): void };

function find(bundle: Translations, key: string): string | undefined {
  let node: string | Translations | undefined = bundle;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** i18next's lookup order: `_zero` for 0, the language's plural form, the key itself. */
export function translator(language: string, bundle: Translations): TFunction {
  const plurals = new Intl.PluralRules(language);
  return (key, options = {}) => {
    const { count } = options;
    let text: string | undefined;
    if (typeof count === "number") {
      text = (count === 0 ? find(bundle, `${key}_zero`) : undefined) ?? find(bundle, `${key}_${plurals.select(count)}`);
    }
    text ??= find(bundle, key) ?? (typeof options.defaultValue === "string" ? options.defaultValue : key);
    // A value that was not given stays as written, as in i18next.
    return text.replace(/\{\{(.+?)\}\}/g, (written, name: string) => {
      const value = options[name.trim()];
      return value === undefined || value === null ? written : String(value);
    });
  };
}

export function createInstance(): i18n {
  const instance: i18n = {
    language: "",
    t: (key) => key,
    init(options) {
      instance.language = options.lng;
      instance.t = translator(options.lng, options.resources[options.lng]?.[options.defaultNS] ?? {});
    },
  };
  return instance;
}
