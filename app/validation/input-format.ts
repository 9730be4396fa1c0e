/**
 * What the phone and date inputs do to typed text when JavaScript runs
 * (spec 5). The server accepts the unformatted forms too, so these only help.
 */

/** Spec 5 "Phone": only digits and '+', one leading '+', at most 22 characters. */
export function filterPhoneTyping(value: string, maxLength = 22): string {
  const digits = value.replace(/[^\d]/g, "");
  return `+${digits}`.slice(0, maxLength);
}

/**
 * Spec 5 "Date": digits, space, dash and slash only, shown as
 * "dd - mm - yyyy" as the digits come. A typed separator after a single
 * digit pads it ("3/" → "03 - "), so "3/2/2024" also ends up formatted.
 */
export function formatDateTyping(value: string): string {
  const allowed = value.replace(/[^\d\s/-]/g, "");
  const groups: string[] = [];
  let current = "";
  for (const char of allowed) {
    if (/\d/.test(char)) {
      current += char;
      const size = groups.length < 2 ? 2 : 4;
      if (current.length === size) {
        groups.push(current);
        current = "";
        if (groups.length === 3) break;
      }
    } else if (current.length === 1 && groups.length < 2) {
      // A separator after one digit closes the day or month.
      groups.push(`0${current}`);
      current = "";
    }
  }
  const parts = current && groups.length < 3 ? [...groups, current] : groups;
  const text = parts.join(" - ");
  // Typing the third digit of a day already moved on; show the separator once a group is full.
  return groups.length > 0 && groups.length < 3 && !current ? `${text} - ` : text;
}
