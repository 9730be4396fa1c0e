/**
 * Zod issues as field errors keyed by their whole path
 * ("userInfo.address.street", "brands"), as Conform names fields. Messages
 * stay translation keys; the caller translates them.
 */
export function issuesToFields(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = issue.path.map(String).join(".") || "body";
    const messages = Object.hasOwn(fields, name) ? fields[name] : (fields[name] = []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}
