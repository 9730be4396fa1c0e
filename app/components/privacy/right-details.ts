/**
 * A right's own answers (a restriction's ground, the purposes objected
 * to…) as label and text, in its form's order, for whoever carries the
 * request out: the contact of a system, an officer. Labels and options
 * are the form's own texts.
 */
import { rightOf, type RightType } from "~/domain/rights";
import type { RightDetails } from "~/validation/privacy-request";
import { DETAILS_RIGHTS } from "~/validation/rights";

export function rightDetailFacts(
  t: (key: string) => string,
  rightType: RightType,
  details: RightDetails,
): [string, string][] {
  const fields = DETAILS_RIGHTS[rightType]?.fields ?? [];
  const texts = `privacyRights.${rightOf(rightType).key}.fields`;
  return fields.flatMap((field): [string, string][] => {
    const answer = details[field.name];
    if (answer === undefined || answer.length === 0) return [];
    const shown =
      field.kind === "text"
        ? String(answer)
        : (Array.isArray(answer) ? answer : [answer])
            .map((value) => t(`${texts}.${field.name}.options.${value}`))
            .join(", ");
    return [[t(`${texts}.${field.name}.label`), shown]];
  });
}
