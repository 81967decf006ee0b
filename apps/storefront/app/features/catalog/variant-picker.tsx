import type { InventoryAvailability, ProductVariant } from "@quire/contracts";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { getStockLabel } from "./stock-label";
import { useHydrated } from "./use-hydrated";
import { variantOptionName } from "./variant-choice";
import { t } from "~/lib/i18n/messages/catalog-product";

/**
 * The variant choice as native radio buttons in a fieldset, in a GET form (?variant=<id>), so choosing works
 * without JavaScript (with the "Show" button); with JavaScript a choice applies at once. Each input is
 * visually hidden inside its label, which is styled from the input's :checked and :focus-visible states,
 * so the look is right before hydration too; the browser gives the arrow keys and the announcements.
 */
export function VariantPicker({
  variants,
  selectedId,
  inventoryMode,
}: {
  variants: ProductVariant[];
  selectedId: number;
  inventoryMode: InventoryAvailability;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  // While the chosen variant loads, show it as chosen already.
  const pending = navigation.location ? new URLSearchParams(navigation.location.search).get("variant") : null;
  const value = pending && variants.some((variant) => String(variant.id) === pending) ? pending : String(selectedId);
  const optionName = variantOptionName(variants);

  return (
    <Form method="get" preventScrollReset replace className="flex flex-col gap-3">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-ink">{optionName}</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {variants.map((variant) => {
            const stock = getStockLabel(variant.stock, inventoryMode);
            const id = String(variant.id);
            return (
              <label
                key={variant.id}
                className="relative flex min-h-input cursor-pointer items-center justify-between gap-3 rounded-control border border-line-strong bg-surface px-4 py-2.5 text-sm transition-colors outline-accent outline-offset-2 hover:border-ink has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:ring-1 has-[:checked]:ring-accent has-[:focus-visible]:outline-3"
              >
                <input
                  type="radio"
                  name="variant"
                  value={id}
                  checked={value === id}
                  onChange={() => void submit({ variant: id }, { method: "get", preventScrollReset: true, replace: true })}
                  className="sr-only"
                />
                <span className="flex flex-col">
                  <span className="font-semibold text-ink">{variant.name}</span>
                  {stock?.tone === "out" ? <span className="text-xs text-ink-muted">{stock.text}</span> : null}
                </span>
                {variant.price ? (
                  <Price
                    amount={variant.price.amount}
                    originalPrice={variant.price.originalPrice}
                    currencyCode={variant.price.currencyCode}
                    className="text-sm"
                  />
                ) : null}
              </label>
            );
          })}
        </div>
      </fieldset>
      {hydrated ? null : (
        <Button type="submit" variant="secondary" size="sm" className="self-start">
          {t("catalog.product.show_variant", { option: optionName.toLowerCase() })}
        </Button>
      )}
    </Form>
  );
}
