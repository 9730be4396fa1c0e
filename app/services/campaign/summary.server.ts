/**
 * The register at a glance, for the filtered set the list
 * shows: how many ads, what they cost together, how many per channel, and
 * who spends most. Amounts are ranges (TTPA Art. 12(1)(e) allows them): the
 * total's lower bound is the sum of what each ad surely cost (an ad without
 * a lower bound counts 0); its upper bound exists only while every ad has
 * one.
 */
import { CHANNELS_BY_COUNTRY, type CampaignItem, type RegisterSummary } from "~/domain/campaign-item";
import type { Country } from "~/domain/country";

const TOP_SPONSORS = 5;

type Range = { lower: number; upper: number | null };

const add = (total: Range, item: CampaignItem): Range => ({
  lower: total.lower + (item.budgetLowerBound ?? 0),
  upper: total.upper === null || item.budgetUpperBound === null ? null : total.upper + item.budgetUpperBound,
});

export function summarise(items: readonly CampaignItem[], country: Country): RegisterSummary {
  let spending: Range = { lower: 0, upper: 0 };
  const sponsors = new Map<string, Range & { count: number }>();
  for (const item of items) {
    spending = add(spending, item);
    const sponsor = sponsors.get(item.sponsorName) ?? { lower: 0, upper: 0, count: 0 };
    sponsors.set(item.sponsorName, { ...add(sponsor, item), count: sponsor.count + 1 });
  }
  return {
    count: items.length,
    spending: {
      ...spending,
      withoutFigure: items.filter((item) => item.budgetLowerBound === null && item.budgetUpperBound === null).length,
    },
    perChannel: CHANNELS_BY_COUNTRY[country].map((channel) => ({
      channel,
      count: items.filter((item) => item.channel === channel).length,
    })),
    // Ranked by what each surely spent, then by the most it may have spent (open-ended first), then by name.
    topSponsors: [...sponsors]
      .map(([name, range]) => ({ name, ...range }))
      .sort(
        (a, b) => b.lower - a.lower || (b.upper ?? Infinity) - (a.upper ?? Infinity) || a.name.localeCompare(b.name),
      )
      .slice(0, TOP_SPONSORS),
  };
}
