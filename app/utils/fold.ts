/**
 * Lower case without accents, one output character per input character, so
 * that positions found in the folded text hold in the original ("Privé" → "prive").
 */
export function foldText(text: string): string {
  let folded = "";
  for (const char of text) {
    const base = char
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
    folded += base.length === char.length ? base : char.toLowerCase();
  }
  return folded;
}
