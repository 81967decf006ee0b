import type { Addon, CartLineItem, CartNotification, InventoryAvailability } from "@quire/contracts";
import { Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Price } from "~/components/ui/price";
import { coverUrlFor } from "~/features/catalog/cover-svg";
import { productHref } from "~/features/catalog/product-card";
import { ProductPicture } from "~/features/catalog/product-picture";
import { StockBadge } from "~/features/catalog/stock-badge";
import { AddonChoices } from "./addon-choices";
import { CART_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { ADDONS_APPLY_FIELD, ADDONS_FORM_ID, ADDONS_LINE_FIELD, lineScope } from "./cart-forms";
import { CartNotices } from "./cart-notices";
import { QuantityInput } from "./quantity-input";
import { t } from "~/lib/i18n/messages/cart";

/**
 * One cart line: what it is, what one costs (the API's tier price for this quantity), its quantity and
 * removal (each its own small form, working without JavaScript), its add-ons and what changed about it.
 * Add-on fields belong to the page's one add-ons form (ADDONS_FORM_ID), so they can be saved for this line
 * alone or with every other line at once.
 */
export function CartLine({
  line,
  addons,
  notices,
  showSkus,
  inventoryMode,
}: {
  line: CartLineItem;
  /** The add-ons the product offers; none when it offers none (or they could not be read). */
  addons: Addon[];
  notices: CartNotification[];
  showSkus: boolean;
  inventoryMode: InventoryAvailability;
}) {
  const id = line.lineItemId;
  const title = `${line.productName} (${line.variant.name})`;
  const image = line.image ?? { url: coverUrlFor({ slug: line.productSlug, title: line.productName, author: "" }), alt: "" };

  return (
    <li className="grid grid-cols-[4.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 border-b border-line py-6 sm:grid-cols-[6rem_minmax(0,1fr)_auto] sm:gap-x-6">
      <Link to={productHref(line.productSlug)} tabIndex={-1} aria-hidden="true" className="row-span-2 block sm:row-span-3">
        <ProductPicture
          image={image}
          sizes="(min-width: 640px) 6rem, 4.5rem"
          alt=""
          width={96}
          height={144}
          className="aspect-[2/3] w-full rounded-control shadow-sm ring-1 ring-line"
        />
      </Link>

      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-serif text-lg leading-snug font-semibold">
          <Link to={productHref(line.productSlug)} className="hover:underline hover:underline-offset-3">
            {line.productName}
          </Link>
        </h2>
        <p className="text-sm text-ink-muted">{line.variant.name}</p>
        {showSkus ? (
          <p className="text-sm text-ink-muted">
            {t("cart.line.sku")} <span className="font-mono text-ink">{line.variant.sku}</span>
          </p>
        ) : null}
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="text-ink-muted">{t("cart.line.price_each")}</span>
          {line.unitPrice ? (
            <Price
              amount={line.unitPrice.amount}
              originalPrice={line.unitPrice.originalPrice}
              lowestPriorPrice={line.unitPrice.lowestPriorPrice}
              currencyCode={line.unitPrice.currencyCode}
            />
          ) : (
            <span className="font-medium">{t("cart.line.not_on_sale")}</span>
          )}
        </p>
        <StockBadge stock={line.stock} mode={inventoryMode} />
        {line.addons.length ? (
          <ul className="text-sm text-ink-muted">
            {line.addons.map((addon) => (
              <li key={addon.addonOptionId}>
                + {addon.addonName}: {addon.optionName}
                {addon.price && addon.price.amount > 0 ? (
                  <>
                    {" "}
                    (<Price amount={addon.price.amount} currencyCode={addon.price.currencyCode} className="font-normal" />{" "}
                    {t("cart.line.addon_each")})
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <p className="col-start-2 text-base sm:col-start-3 sm:row-start-1 sm:text-right">
        <span className="sr-only">{t("cart.line.total_prefix")}</span>
        {line.lineTotal ? <Price amount={line.lineTotal.amount} currencyCode={line.lineTotal.currencyCode} className="text-lg" /> : "—"}
      </p>

      <div className="col-span-2 flex flex-col gap-4 sm:col-span-2 sm:col-start-2">
        <CartNotices notices={notices} />
        <div className="flex flex-wrap items-end gap-3">
          <Form method="post" preventScrollReset className="flex items-end gap-2">
            <input type="hidden" name={INTENT_FIELD} value={CART_INTENTS.quantity} />
            <input type="hidden" name="lineItemId" value={id} />
            <QuantityInput id={`quantity-${id}`} label={t("cart.line.quantity_of", { title })} defaultValue={line.quantity} hideLabel />
            <Button type="submit" variant="secondary">
              {t("cart.line.update")}
              <span className="sr-only">{t("cart.line.update_name", { title })}</span>
            </Button>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name={INTENT_FIELD} value={CART_INTENTS.remove} />
            <input type="hidden" name="lineItemId" value={id} />
            <Button type="submit" variant="ghost" className="text-danger">
              <Icon name="close" className="size-4" />
              {t("cart.line.remove")}
              <span className="sr-only">{t("cart.line.remove_name", { title })}</span>
            </Button>
          </Form>
        </div>

        {addons.length ? (
          <fieldset className="rounded-control border border-line bg-paper p-4">
            <legend className="px-1 text-sm font-semibold">{t("cart.line.extras_for", { name: line.productName })}</legend>
            <input type="hidden" name={ADDONS_LINE_FIELD} value={id} form={ADDONS_FORM_ID} />
            <AddonChoices
              addons={addons}
              selected={line.addons.map((addon) => addon.addonOptionId)}
              scope={lineScope(id)}
              form={ADDONS_FORM_ID}
              idPrefix={`line-${id}`}
              compact
            />
            <Button type="submit" form={ADDONS_FORM_ID} name={ADDONS_APPLY_FIELD} value={id} variant="secondary" size="sm" className="mt-3">
              {t("cart.line.update_addons")}
              <span className="sr-only">{t("cart.line.update_addons_name", { title })}</span>
            </Button>
          </fieldset>
        ) : null}
      </div>
    </li>
  );
}
