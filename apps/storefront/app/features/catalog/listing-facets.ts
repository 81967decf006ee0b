import type { Facet } from "@quire/contracts";

/**
 * Values of one facet the filter panel lists at most: the first six in view, the rest under "Show more". The
 * API answers up to 100 (an author facet of a large category has them all), and listing every one made the
 * filter panel 41 KB of a category page's 193 KB, rendered on every request (issue 9).
 */
export const MAX_LISTED_VALUES = 24;

/** A facet as the filter panel lists it, and how many of its values were left out. */
export interface ListedFacet extends Facet {
  unlisted: number;
}

/**
 * The facets of a listing as the filter panel shows them: values no product in the selection has are left out
 * unless ticked; of the rest, the MAX_LISTED_VALUES most common, in the API's order (a ticked value is always
 * kept). Facets left with no value are dropped.
 */
export function listFacets(facets: readonly Facet[], max = MAX_LISTED_VALUES): ListedFacet[] {
  return facets
    .map((facet) => {
      const offered = facet.values.filter((value) => value.count > 0 || value.isSelected);
      if (offered.length <= max) return { ...facet, values: offered, unlisted: 0 };
      // Most common first; Array#sort is stable, so equal counts keep the API's order.
      const mostCommon = new Set(
        offered
          .toSorted((a, b) => b.count - a.count)
          .slice(0, max)
          .map((value) => value.code),
      );
      const values = offered.filter((value) => mostCommon.has(value.code) || value.isSelected);
      return { ...facet, values, unlisted: offered.length - values.length };
    })
    .filter((facet) => facet.values.length > 0);
}
