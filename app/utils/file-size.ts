import { numberFormat } from "~/utils/intl-formats";

import { usePageLanguageTag } from "./site";

/** "2,4 MB", "830 kB": a file's size as people read it, in the page's language. */
export function useFileSize(): (bytes: number) => string {
  const tag = usePageLanguageTag();
  return (bytes) => {
    const [value, unit] =
      bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : [Math.max(bytes / 1000, 0.1), "kilobyte"];
    return numberFormat(tag, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
  };
}
