import type { AdminProduct } from "@quire/contracts";
import { toDecimalAmount } from "@quire/money";
import { Form } from "react-router";
import { TextArea, TextInput } from "./products-fields";
import { Button, Card } from "./ui";
import { showMoney } from "~/lib/format";
import type { FormErrors } from "~/lib/forms.server";

type Variant = AdminProduct["variants"][number];

/** The options of a variant as its form shows them ("Format: Hardback", one a line). */
function optionsText(options: readonly { name: string; value: string }[]): string {
  return options.map((option) => `${option.name}: ${option.value}`).join("\n");
}

/** A currency's quantity breaks as its form shows them ("10 = 8.50", one a line). */
function tiersText(tiers: readonly { minQuantity: number; amount: number }[] | undefined): string {
  return (tiers ?? []).map((tier) => `${tier.minQuantity} = ${toDecimalAmount(tier.amount)}`).join("\n");
}

/**
 * One variant of a product: its stock (changed on the stock pages), its details, its price and sale price in each
 * currency the store sells in, and its quantity breaks, each a form of its own.
 */
export function VariantCard({
  variant,
  currencies,
  errors,
  typed,
}: {
  variant: Variant;
  currencies: readonly string[];
  errors?: FormErrors;
  typed: Record<string, string>;
}) {
  const id = (name: string) => `v${variant.id}-${name}`;
  const value = (name: string, fallback: string) => typed[id(name)] ?? fallback;
  const shown = Object.entries(variant.prices).map(([code, price]) => {
    const now = showMoney({ amount: price.amount, currencyCode: code });
    return price.original ? `${now} (was ${showMoney({ amount: price.original, currencyCode: code })})` : now;
  });
  return (
    <Card title={`Variant ${variant.sku}`}>
      <p className="mb-3 text-sm">
        {variant.name}
        {variant.isMaster ? " · the product's main variant" : ""} · Price: {shown.join(", ") || "none"} · Stock: {variant.stockQuantity}{" "}
        <a href={`/stock/variants/${variant.id}`}>
          Adjust stock<span className="sr-only"> of {variant.sku}</span>
        </a>
      </p>
      <div className="grid gap-4 lg:grid-cols-2">
        <Form method="post" className="flex flex-col gap-3" aria-label={`Details of ${variant.sku}`}>
          <h3 className="text-sm font-semibold">Details</h3>
          <input type="hidden" name="variantId" value={variant.id} />
          <TextInput
            id={id("sku")}
            name="sku"
            label="SKU"
            required
            maxLength={64}
            errors={errors}
            defaultValue={value("sku", variant.sku)}
          />
          <TextInput
            id={id("isbn")}
            name="isbn"
            label="ISBN (optional)"
            inputMode="numeric"
            maxLength={13}
            errors={errors}
            defaultValue={value("isbn", variant.isbn ?? "")}
          />
          <TextInput
            id={id("name")}
            name="name"
            label="Variant name"
            required
            maxLength={200}
            errors={errors}
            defaultValue={value("name", variant.name)}
          />
          <TextArea
            id={id("options")}
            name="options"
            label="Options (optional)"
            hint='One a line, as "Name: Value", such as "Format: Hardback"'
            rows={2}
            errors={errors}
            defaultValue={value("options", optionsText(variant.options))}
          />
          <div>
            <Button kind="secondary" name="intent" value="variant">
              Save variant<span className="sr-only"> {variant.sku}</span>
            </Button>
          </div>
        </Form>
        <Form method="post" className="flex flex-col gap-3" aria-label={`Prices of ${variant.sku}`}>
          <h3 className="text-sm font-semibold">Prices</h3>
          <input type="hidden" name="variantId" value={variant.id} />
          {currencies.map((code) => {
            const price = variant.prices[code];
            return (
              <fieldset key={code} className="grid grid-cols-2 items-end gap-2">
                <legend className="sr-only">{code}</legend>
                <TextInput
                  id={id(`price-${code}`)}
                  name={`price-${code}`}
                  label={`Price (${code})`}
                  inputMode="decimal"
                  errors={errors}
                  defaultValue={value(`price-${code}`, price ? toDecimalAmount(price.amount) : "")}
                />
                <TextInput
                  id={id(`original-${code}`)}
                  name={`original-${code}`}
                  label={`Before the sale (${code})`}
                  inputMode="decimal"
                  errors={errors}
                  defaultValue={value(`original-${code}`, price?.original ? toDecimalAmount(price.original) : "")}
                />
              </fieldset>
            );
          })}
          <p className="text-sm text-zinc-600">A price before a sale shows struck through; leave it empty when not on sale.</p>
          <div>
            <Button kind="secondary" name="intent" value="prices">
              Save prices<span className="sr-only"> of {variant.sku}</span>
            </Button>
          </div>
        </Form>
        <Form method="post" className="flex flex-col gap-3 lg:col-span-2" aria-label={`Quantity breaks of ${variant.sku}`}>
          <h3 className="text-sm font-semibold">Quantity breaks</h3>
          <p className="text-sm text-zinc-600">One a line, "quantity = price each", such as "10 = 8.50"; empty for none.</p>
          <input type="hidden" name="variantId" value={variant.id} />
          <div className="grid gap-3 sm:grid-cols-3">
            {currencies.map((code) => (
              <TextArea
                key={code}
                id={id(`tiers-${code}`)}
                name={`tiers-${code}`}
                label={`Breaks (${code})`}
                rows={2}
                errors={errors}
                defaultValue={value(`tiers-${code}`, tiersText(variant.tierPrices[code]))}
              />
            ))}
          </div>
          <div>
            <Button kind="secondary" name="intent" value="tiers">
              Save quantity breaks<span className="sr-only"> of {variant.sku}</span>
            </Button>
          </div>
        </Form>
      </div>
    </Card>
  );
}

/** The form that adds a variant, with its prices and opening stock. */
export function AddVariantCard({
  currencies,
  errors,
  typed,
}: {
  currencies: readonly string[];
  errors?: FormErrors;
  typed: Record<string, string>;
}) {
  const id = (name: string) => `new-${name}`;
  return (
    <Card title="Add a variant">
      <Form method="post" className="grid gap-3 sm:grid-cols-2">
        <TextInput id={id("sku")} name="sku" label="SKU" required maxLength={64} errors={errors} defaultValue={typed[id("sku")]} />
        <TextInput
          id={id("isbn")}
          name="isbn"
          label="ISBN (optional)"
          inputMode="numeric"
          maxLength={13}
          errors={errors}
          defaultValue={typed[id("isbn")]}
        />
        <TextInput
          id={id("name")}
          name="name"
          label="Variant name"
          hint="Such as Paperback"
          required
          maxLength={200}
          errors={errors}
          defaultValue={typed[id("name")]}
        />
        <TextInput
          id={id("stockQuantity")}
          name="stockQuantity"
          label="Opening stock"
          inputMode="numeric"
          required
          errors={errors}
          defaultValue={typed[id("stockQuantity")] ?? "0"}
        />
        {currencies.map((code, index) => (
          <TextInput
            key={code}
            id={id(`price-${code}`)}
            name={`price-${code}`}
            label={`Price (${code})${index === 0 ? "" : " (optional)"}`}
            inputMode="decimal"
            required={index === 0}
            errors={errors}
            defaultValue={typed[id(`price-${code}`)]}
          />
        ))}
        <TextArea
          id={id("options")}
          name="options"
          label="Options (optional)"
          hint='One a line, as "Name: Value"'
          rows={2}
          errors={errors}
          defaultValue={typed[id("options")]}
        />
        <div className="sm:col-span-2">
          <Button kind="secondary" name="intent" value="add-variant">
            Add variant
          </Button>
        </div>
      </Form>
    </Card>
  );
}
