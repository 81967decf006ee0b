/*
 * Which addresses need a postcode. Zod-free like constants.ts, and a module of its own so that only the pages
 * with an address form carry it in their scripts (`@quire/contracts/postcodes`).
 */

/**
 * The countries whose addresses need a postcode: every country the shop delivers to but Ireland, where many
 * addresses are delivered without an Eircode. The address form marks the field by this list, and the
 * contract's address check refuses an empty postcode by it.
 */
export const POSTCODE_REQUIRED_COUNTRIES: readonly string[] = ["GB", "FR", "DE", "NL", "US"];

/** Whether an address in this country needs a postcode. */
export function isPostcodeRequired(countryCode: string): boolean {
  return POSTCODE_REQUIRED_COUNTRIES.includes(countryCode);
}
