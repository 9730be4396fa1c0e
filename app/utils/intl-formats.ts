/**
 * Date and number formatters, made once per language and options: building
 * an Intl formatter costs far more than using one (issue 28: the ad list
 * spent 13 % of its render making one per date shown).
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateTimeFormat(languageTag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${languageTag}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(languageTag, options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(languageTag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${languageTag}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(languageTag, options);
    numberFormats.set(key, format);
  }
  return format;
}
