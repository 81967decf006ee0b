import type { ProductVariant } from "@quire/contracts";
// Relative, not "~/": the browser journeys import this module without the app's path alias.
import { t } from "~/lib/i18n/messages/catalog";

const VARIANT_PARAM = /^[1-9]\d{0,9}$/;

/** Whether `?variant=` holds something that cannot be a variant id: such a URL is not a page (404). */
export function isMalformedVariantParam(param: string | null): boolean {
  return param !== null && !VARIANT_PARAM.test(param);
}

/**
 * The variant a product page shows for its `?variant=` value. An id the product does not have (a format
 * since withdrawn, a stale link) falls back to the master variant rather than losing the shopper the page.
 */
export function chooseVariant<V extends Pick<ProductVariant, "id" | "isMaster">>(variants: readonly V[], param: string | null): V {
  const fallback = variants.find((variant) => variant.isMaster) ?? variants[0]!;
  return variants.find((variant) => String(variant.id) === param) ?? fallback;
}

/** What the variants differ by ("Format") when they all name the same option; otherwise "Edition". */
export function variantOptionName(variants: readonly Pick<ProductVariant, "options">[]): string {
  const names = new Set(variants.map((variant) => variant.options[0]?.name).filter(Boolean));
  return names.size === 1 ? [...names][0]! : t("catalog.edition");
}
