/** The select-all checkbox of a checkbox group, as posted without JavaScript. */
export const SELECT_ALL_FIELD = "selectAll";
/** Its state when the page was shown (hidden field). */
export const SELECT_ALL_BEFORE_FIELD = "selectAllBefore";

/**
 * No-JavaScript reading of a select-all checkbox: when the visitor changed
 * it, it applies to every option (on) or none (off); otherwise the boxes
 * count as ticked. With JavaScript the boxes already follow it, so the
 * result is the same.
 */
export function applySelectAll(formData: FormData, name: string, allValues: readonly string[]): void {
  const after = formData.get(SELECT_ALL_FIELD) === "on";
  const before = formData.get(SELECT_ALL_BEFORE_FIELD) === "on";
  formData.delete(SELECT_ALL_FIELD);
  formData.delete(SELECT_ALL_BEFORE_FIELD);
  if (after === before) return;
  formData.delete(name);
  if (after) for (const value of allValues) formData.append(name, value);
}
