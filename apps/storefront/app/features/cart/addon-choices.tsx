import type { Addon } from "@quire/contracts";
import { Price } from "~/components/ui/price";
import { t } from "~/lib/i18n/messages/cart-add";
import { addonFieldName } from "./cart-forms";

function OptionPrice({ price }: { price: Addon["options"][number]["price"] }) {
  if (price === null) return null;
  if (price.amount === 0) return <span className="font-semibold">{t("cart.add.free")}</span>;
  return <Price amount={price.amount} currencyCode={price.currencyCode} className="text-sm" />;
}

/**
 * The add-ons offered with a product, as choices inside a form. An add-on with one option is a checkbox;
 * one with several is a radio group with "None", because the API takes at most one option per add-on.
 * `scope` keeps the fields of several cart lines apart; `form` ties them to a form elsewhere in the page.
 */
export function AddonChoices({
  addons,
  selected = [],
  scope = "",
  form,
  idPrefix,
  compact = false,
}: {
  addons: Addon[];
  selected?: readonly number[];
  scope?: string;
  form?: string;
  /** Makes element ids unique when several lines show the same add-ons. */
  idPrefix: string;
  compact?: boolean;
}) {
  const chosen = new Set(selected);
  return (
    <div className={`flex flex-col ${compact ? "gap-3" : "gap-4"}`}>
      {addons.map((addon) => {
        const name = addonFieldName(scope, addon.id);
        const only = addon.options.length === 1 ? addon.options[0] : undefined;
        if (only) {
          const id = `${idPrefix}-addon-${addon.id}-${only.id}`;
          return (
            <div key={addon.id} className="flex items-start gap-3">
              <input
                id={id}
                type="checkbox"
                name={name}
                value={only.id}
                form={form}
                defaultChecked={chosen.has(only.id)}
                className="mt-1 size-4 shrink-0 accent-accent"
              />
              <label htmlFor={id} className="flex flex-1 flex-wrap items-baseline justify-between gap-x-4 text-sm">
                <span>
                  <span className="font-semibold">{addon.name}</span>
                  {only.name !== addon.name ? <span className="text-ink-muted">: {only.name}</span> : null}
                  {!compact && addon.description ? <span className="block text-ink-muted">{addon.description}</span> : null}
                </span>
                <OptionPrice price={only.price} />
              </label>
            </div>
          );
        }
        const anyChosen = addon.options.some((option) => chosen.has(option.id));
        return (
          <fieldset key={addon.id} className="flex flex-col gap-1.5">
            <legend className="text-sm font-semibold">{addon.name}</legend>
            {!compact && addon.description ? <p className="text-sm text-ink-muted">{addon.description}</p> : null}
            <div className="flex flex-col gap-1">
              <label className="flex items-center gap-3 text-sm">
                <input type="radio" name={name} value="" form={form} defaultChecked={!anyChosen} className="size-4 accent-accent" />
                <span>{t("cart.add.no_addon", { name: addon.name.toLowerCase() })}</span>
              </label>
              {addon.options.map((option) => (
                <label key={option.id} className="flex items-center gap-3 text-sm">
                  <input
                    type="radio"
                    name={name}
                    value={option.id}
                    form={form}
                    defaultChecked={chosen.has(option.id)}
                    className="size-4 accent-accent"
                  />
                  <span className="flex flex-1 flex-wrap items-baseline justify-between gap-x-4">
                    <span>{option.name}</span>
                    <OptionPrice price={option.price} />
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
