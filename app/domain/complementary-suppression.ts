/**
 * Complementary suppression: which counts of a table to leave out so that
 * none under the minimum can be worked out from those published. A count
 * under the minimum is left out (primary suppression); but where a total is
 * published, the total minus the published parts is what the left-out parts
 * add up to, so that sum must be 0 or at least the minimum, and no single
 * left-out count may follow from it. Otherwise the next smallest count of
 * the group is left out too (or the total, when no part is left), and all
 * groups are read again, until nothing more can be worked out: a count
 * worked out in one group is known in every other group it belongs to.
 * Pure; docs/decisions/008-request-figures.md says what the figures publish.
 */

/** A total and the counts that add up to it. Ids name cells; a cell may belong to several groups. */
export type CellGroup = { total: string; parts: readonly string[] };

export type SuppressionInput = {
  /** Every cell's true count. */
  values: ReadonlyMap<string, number>;
  groups: readonly CellGroup[];
  /** Left out whatever the rest: under the minimum, or never published. */
  hidden: Iterable<string>;
  /** [a, b]: when a is left out, so is b, which would bound it (b ≤ a: the extended among those received). */
  follows?: ReadonlyArray<readonly [string, string]>;
  minimum: number;
};

const valueOf = (values: ReadonlyMap<string, number>, id: string) => values.get(id) ?? 0;

/**
 * The group where subtraction tells something about a left-out count under
 * the minimum, reading the groups again and again as a reader would: a
 * group with one unknown cell gives it; a group whose total is known gives
 * what its unknown parts add up to. A count worked out as 0 tells nothing
 * of anyone. null: nothing leaks.
 */
function leakingGroup(
  values: ReadonlyMap<string, number>,
  groups: readonly CellGroup[],
  hidden: ReadonlySet<string>,
  minimum: number,
): CellGroup | null {
  const known = new Set([...values.keys()].filter((id) => !hidden.has(id)));
  for (let learned = true; learned;) {
    learned = false;
    for (const group of groups) {
      const unknown = [group.total, ...group.parts].filter((id) => !known.has(id));
      if (unknown.length === 1) {
        if (valueOf(values, unknown[0]) !== 0) return group;
        known.add(unknown[0]);
        learned = true;
      } else if (unknown.length > 1 && known.has(group.total)) {
        const rest = unknown.reduce((sum, id) => sum + valueOf(values, id), 0);
        if (rest > 0 && rest < minimum) return group;
        if (rest === 0) {
          // Every one of them is 0: known, and telling nothing of anyone.
          for (const id of unknown) known.add(id);
          learned = true;
        }
      }
    }
  }
  return null;
}

/** The smallest published count of the group (the first of equals), else its total, else the smallest published count anywhere. */
function nextToHide(
  values: ReadonlyMap<string, number>,
  group: CellGroup,
  hidden: ReadonlySet<string>,
): string | undefined {
  const smallest = (ids: Iterable<string>) =>
    [...ids]
      .filter((id) => !hidden.has(id))
      .reduce<string | undefined>(
        (best, id) => (best === undefined || valueOf(values, id) < valueOf(values, best) ? id : best),
        undefined,
      );
  return smallest(group.parts) ?? smallest([group.total]) ?? smallest(values.keys());
}

/** The cells to leave out: the given ones, those that follow from them, and as few more as the groups need. */
export function suppressedCells({
  values,
  groups,
  hidden: primary,
  follows = [],
  minimum,
}: SuppressionInput): Set<string> {
  const hidden = new Set(primary);
  for (;;) {
    for (let added = true; added;) {
      added = false;
      for (const [from, to] of follows) {
        if (hidden.has(from) && !hidden.has(to)) {
          hidden.add(to);
          added = true;
        }
      }
    }
    const group = leakingGroup(values, groups, hidden, minimum);
    const next = group && nextToHide(values, group, hidden);
    if (!next) return hidden;
    hidden.add(next);
  }
}
