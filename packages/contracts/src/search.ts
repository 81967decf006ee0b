import { z } from "zod";
import { ImageSchema, ProductSummarySchema } from "./catalog";
import { dataSchema, IdParamSchema, IdSchema, intParamSchema, textSchema } from "./common";
import { MAX_RECOMMENDATIONS, RECOMMENDATION_TYPES, SEARCH_TEXT_MAX } from "./constants";

// ---------------------------------------------------------------- search (decision 035)

/** How many suggestions of each kind the autocomplete answers at most. */
export const AUTOCOMPLETE_MAX_PRODUCTS = 6;
export const AUTOCOMPLETE_MAX_CATEGORIES = 3;
export const AUTOCOMPLETE_MAX_AUTHORS = 3;

/**
 * A suggestion's label cut into runs, each marked when it is what the shopper typed (or the word the
 * typed one was corrected to): the storefront renders `match` runs as <mark>, so no HTML crosses the API.
 */
export const HighlightSchema = z
  .array(z.object({ text: z.string(), match: z.boolean() }))
  .meta({ id: "Highlight", description: "The label in runs; `match` runs are what the search matched." });
export type Highlight = z.infer<typeof HighlightSchema>;

export const AutocompleteQuerySchema = z
  .object({
    SearchText: textSchema({ trim: true, min: 1, max: SEARCH_TEXT_MAX }),
  })
  .strict();
export type AutocompleteQuery = z.infer<typeof AutocompleteQuerySchema>;

export const ProductSuggestionSchema = z.object({
  id: IdSchema,
  slug: z.string(),
  name: z.string(),
  highlight: HighlightSchema,
  /** Its authors, as the byline shows them. */
  byline: z.string(),
  image: ImageSchema.nullable(),
  /** The SKU or ISBN the text was, when the product was found by its code. */
  matchedCode: z.string().nullable(),
});
export type ProductSuggestion = z.infer<typeof ProductSuggestionSchema>;

export const CategorySuggestionSchema = z.object({ id: IdSchema, slug: z.string(), name: z.string(), highlight: HighlightSchema });
export type CategorySuggestion = z.infer<typeof CategorySuggestionSchema>;

export const AuthorSuggestionSchema = z.object({
  /** The author's attribute value code: the "author" filter of a listing (Filters[0][Code]=author). */
  code: z.string(),
  name: z.string(),
  highlight: HighlightSchema,
});
export type AuthorSuggestion = z.infer<typeof AuthorSuggestionSchema>;

export const AutocompleteResponseSchema = dataSchema(
  z
    .object({
      /** The text as the API read it (trimmed). */
      text: z.string(),
      /** The text with its misspelt words corrected, when any was; the suggestions already use it. */
      didYouMean: z.string().nullable(),
      products: z.array(ProductSuggestionSchema).max(AUTOCOMPLETE_MAX_PRODUCTS),
      categories: z.array(CategorySuggestionSchema).max(AUTOCOMPLETE_MAX_CATEGORIES),
      authors: z.array(AuthorSuggestionSchema).max(AUTOCOMPLETE_MAX_AUTHORS),
    })
    .meta({ id: "Autocomplete" }),
);
export type Autocomplete = z.infer<typeof AutocompleteResponseSchema>["data"];

// ---------------------------------------------------------------- recommendations (decision 035)

export const RecommendationParamsSchema = z.object({ type: z.enum(RECOMMENDATION_TYPES) }).strict();
export const RecommendationQuerySchema = z
  .object({
    /** The variant the shopper is looking at: recommended around it, and never recommended itself. */
    productVariantId: IdParamSchema.optional(),
    /** How many cards at most; 8 when not given. */
    PageSize: intParamSchema(1, MAX_RECOMMENDATIONS).optional(),
  })
  .strict();
export type RecommendationQuery = z.infer<typeof RecommendationQuerySchema>;
export const RecommendationsResponseSchema = dataSchema(
  z
    .object({
      type: z.enum(RECOMMENDATION_TYPES),
      /** Product cards, best first: only what the caller may see and can buy, never the product looked at. */
      results: z.array(ProductSummarySchema).max(MAX_RECOMMENDATIONS),
    })
    .meta({ id: "Recommendations" }),
);
export type Recommendations = z.infer<typeof RecommendationsResponseSchema>["data"];
