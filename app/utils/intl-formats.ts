/**
 * Date and number formatters, made once per language and options: building
 * an Intl formatter costs far more than using one (the ad list
 * spent 13 % of its render making one per date shown).
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function remembered<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

export function dateTimeFormat(languageTag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return remembered(
    `date|${languageTag}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(languageTag, options),
  );
}

export function numberFormat(languageTag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return remembered(
    `number|${languageTag}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(languageTag, options),
  );
}
