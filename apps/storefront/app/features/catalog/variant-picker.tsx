import type { InventoryAvailability, ProductVariant } from "@quire/contracts";
import { useState } from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Price } from "~/components/ui/price";
import { getStockLabel } from "./stock-label";
import { useHydrated } from "@quire/web-kit/use-hydrated";
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
  // The shopper's choice shows as chosen at once and stays so while its page loads. The router's pending state
  // alone is not enough: its update is a transition, so between the click and the next commit React would put the
  // controlled radios back to the variant still shown. A new variant from the server (the load done, or another
  // link) replaces the choice.
  const [choice, setChoice] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState(selectedId);
  if (shownFor !== selectedId) {
    setShownFor(selectedId);
    setChoice(null);
  }
  const value = choice ?? String(selectedId);
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
                  onChange={() => {
                    setChoice(id);
                    void submit({ variant: id }, { method: "get", preventScrollReset: true, replace: true });
                  }}
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
                    lowestPriorPrice={variant.price.lowestPriorPrice}
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
