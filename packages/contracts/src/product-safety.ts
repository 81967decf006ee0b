import { z } from "zod";
import { CountryCodeSchema, textSchema } from "./common";

// A product's safety information, as the EU General Product Safety Regulation asks a shop selling into the EU to show
// beside the product (decision 059): who made it and how to reach them, the person responsible for it in the EU when
// the maker is outside it, what identifies it, and its warnings.

/** The EU's member states (ISO 3166-1 alpha-2): a responsible person must be established in one of them. */
export const EU_COUNTRY_CODES = [
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
] as const;

const isInEu = (countryCode: string) => (EU_COUNTRY_CODES as readonly string[]).includes(countryCode);

/** An email address, or a web address (http or https) where the party can be reached. */
const ElectronicAddressSchema = textSchema({ trim: true, min: 1, max: 254 }).refine(
  (value) => z.email().safeParse(value).success || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(value),
  "Enter an email address or a web address starting with https://",
);

/** A manufacturer or a responsible person: their name, postal address (its country apart, as a code), and electronic address. */
export const SafetyPartySchema = z
  .object({
    name: textSchema({ trim: true, min: 1, max: 200 }),
    postalAddress: textSchema({ trim: true, min: 1, max: 500, multiline: true }),
    countryCode: CountryCodeSchema,
    electronicAddress: ElectronicAddressSchema,
  })
  .strict()
  .meta({ id: "SafetyParty" });
export type SafetyParty = z.infer<typeof SafetyPartySchema>;

/**
 * A product's safety information. `responsiblePerson` is required when the manufacturer is outside the EU, and must
 * then be established in it. `identifiers`: what identifies the product beyond its variants' SKUs and ISBNs (a type,
 * batch or serial number), "" for nothing more; `warnings`: warnings and safety information, "" for none.
 */
export const ProductSafetySchema = z
  .object({
    manufacturer: SafetyPartySchema,
    responsiblePerson: SafetyPartySchema.nullable(),
    identifiers: textSchema({ trim: true, max: 500 }),
    warnings: textSchema({ trim: true, max: 2000, multiline: true }),
  })
  .strict()
  .superRefine((safety, context) => {
    if (safety.responsiblePerson === null) {
      if (!isInEu(safety.manufacturer.countryCode)) {
        context.addIssue({
          code: "custom",
          path: ["responsiblePerson"],
          message: "A manufacturer outside the EU needs a responsible person in the EU",
        });
      }
    } else if (!isInEu(safety.responsiblePerson.countryCode)) {
      context.addIssue({
        code: "custom",
        path: ["responsiblePerson", "countryCode"],
        message: "The responsible person must be established in the EU",
      });
    }
  })
  .meta({ id: "ProductSafety" });
export type ProductSafety = z.infer<typeof ProductSafetySchema>;
