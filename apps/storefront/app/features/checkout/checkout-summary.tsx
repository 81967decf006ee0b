import type { CartLineItem, CheckoutSummary } from "@quire/contracts";
import { useId } from "react";
import { Form } from "react-router";
import { inputClass, labelClass } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { Price } from "~/components/ui/price";
import { QuantityInput } from "~/features/cart/quantity-input";
import { coverUrlFor } from "~/features/catalog/cover-svg";
import { ProductPicture } from "~/features/catalog/product-picture";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { OrderTotals } from "./order-totals";
import { minimumOrderText } from "./place-order-form";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";

const DISCOUNT_KIND_LABELS: Record<CheckoutSummary["basketDetails"]["discountCodes"][number]["kind"], string> = {
  percentage: t("checkout.summary.kind_percentage"),
  fixed_amount: t("checkout.summary.kind_fixed_amount"),
  free_delivery: t("checkout.free_delivery"),
};

/** One line of the order: what it is, its total, and its quantity and removal (each a small form of its own). */
function SummaryLine({ line }: { line: CartLineItem }) {
  const posting = usePostingForm();
  const id = String(line.lineItemId);
  const title = `${line.productName} (${line.variant.name})`;
  const image = line.image ?? { url: coverUrlFor({ slug: line.productSlug, title: line.productName, author: "" }), alt: "" };
  return (
    <li className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 gap-y-2 border-b border-line py-4 first:pt-0">
      <ProductPicture
        image={image}
        sizes="3.5rem"
        alt=""
        width={56}
        height={84}
        className="aspect-[2/3] w-full rounded-control ring-1 ring-line"
      />
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex items-baseline justify-between gap-3">
          <h3 className="font-serif leading-snug font-semibold">{line.productName}</h3>
          <p className="shrink-0">
            <span className="sr-only">{t("checkout.summary.line_total_prefix")}</span>
            {line.lineTotal ? <Price amount={line.lineTotal.amount} currencyCode={line.lineTotal.currencyCode} /> : "—"}
          </p>
        </div>
        <p className="text-sm text-ink-muted">
          {line.variant.name} · {line.quantity} ×{" "}
          {line.unitPrice ? (
            <Price amount={line.unitPrice.amount} currencyCode={line.unitPrice.currencyCode} className="[&>span]:font-normal" />
          ) : (
            "not on sale in this currency"
          )}
        </p>
        {line.addons.length ? (
          <ul className="text-sm text-ink-muted">
            {line.addons.map((addon) => (
              <li key={addon.addonOptionId}>
                + {addon.addonName}: {addon.optionName}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <Form method="post" preventScrollReset className="flex items-end gap-2">
            <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.quantity} />
            <input type="hidden" name="lineItemId" value={id} />
            <QuantityInput
              id={`checkout-quantity-${id}`}
              label={t("checkout.summary.quantity_of", { title })}
              defaultValue={line.quantity}
              hideLabel
            />
            <SubmitButton
              variant="secondary"
              size="sm"
              className="min-h-input"
              pending={isPosting(posting, CHECKOUT_INTENTS.quantity, { lineItemId: id })}
              waiting={posting !== undefined}
            >
              {t("checkout.summary.update")}
              <span className="sr-only">{t("checkout.summary.update_name", { title })}</span>
            </SubmitButton>
          </Form>
          <Form method="post" preventScrollReset>
            <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.remove} />
            <input type="hidden" name="lineItemId" value={id} />
            <SubmitButton
              variant="ghost"
              size="sm"
              className="min-h-input text-danger"
              pending={isPosting(posting, CHECKOUT_INTENTS.remove, { lineItemId: id })}
              waiting={posting !== undefined}
            >
              <Icon name="close" className="size-4" />
              {t("checkout.summary.remove")}
              <span className="sr-only">{t("checkout.summary.remove_name", { title })}</span>
            </SubmitButton>
          </Form>
        </div>
      </div>
    </li>
  );
}

/** The discount codes on the basket, each with its "Remove", and the field to apply one. */
function DiscountCodes({ codes }: { codes: CheckoutSummary["basketDetails"]["discountCodes"] }) {
  const id = useId();
  const posting = usePostingForm();
  return (
    <div className="grid gap-3 border-b border-line pb-5">
      {codes.length ? (
        <ul aria-label={t("checkout.summary.codes_label")} className="grid gap-2">
          {codes.map((code) => (
            <li key={code.code} className="flex items-center justify-between gap-3 rounded-control bg-success-soft px-3 py-2 text-sm">
              <span>
                <span className="font-mono font-semibold">{code.code}</span>{" "}
                <span className="text-ink-muted">
                  · {DISCOUNT_KIND_LABELS[code.kind]}
                  {code.amount.amount > 0 ? (
                    <>
                      {" "}
                      (<Price amount={-code.amount.amount} currencyCode={code.amount.currencyCode} className="[&>span]:font-normal" />)
                    </>
                  ) : null}
                </span>
              </span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.removeDiscount} />
                <input type="hidden" name="discountCode" value={code.code} />
                <SubmitButton
                  variant="ghost"
                  size="sm"
                  pending={isPosting(posting, CHECKOUT_INTENTS.removeDiscount, { discountCode: code.code })}
                  waiting={posting !== undefined}
                >
                  {t("checkout.summary.remove")}
                  <span className="sr-only">{t("checkout.summary.remove_code_name", { code: code.code })}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Keyed by the codes applied: one applied clears the field for the next. */}
      <Form key={codes.map((code) => code.code).join()} method="post" preventScrollReset className="grid gap-1.5">
        <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.applyDiscount} />
        <label htmlFor={`${id}-code`} className={labelClass}>
          {t("checkout.summary.discount_code")}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-code`}
            name="discountCode"
            required
            maxLength={50}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className={`${inputClass} uppercase`}
          />
          <SubmitButton variant="secondary" pending={isPosting(posting, CHECKOUT_INTENTS.applyDiscount)} waiting={posting !== undefined}>
            {t("checkout.summary.apply")}
          </SubmitButton>
        </div>
      </Form>
    </div>
  );
}

/**
 * The order summary beside the steps: the lines, with quantity change and removal; the
 * discount codes; and the API's totals.
 */
export function CheckoutOrderSummary({ summary }: { summary: CheckoutSummary }) {
  const { basketDetails } = summary;
  const itemCount = basketDetails.lineItems.reduce((count, line) => count + line.quantity, 0);
  // Said here from the first step, so the shopper learns it before giving their details.
  const minimum = minimumOrderText(summary.minimumOrder);
  return (
    <section aria-labelledby="order-summary-heading" className="flex flex-col gap-5 rounded-card border border-line bg-surface p-5 sm:p-6">
      <h2 id="order-summary-heading" className="flex items-baseline justify-between gap-3 text-xl">
        {t("checkout.summary.title")}
        <span className="font-sans text-sm font-normal text-ink-muted">
          {itemCount === 1 ? t("checkout.summary.item_count_one") : t("checkout.summary.item_count", { count: itemCount })}
        </span>
      </h2>
      <ul aria-label={t("checkout.items_label")} className="border-b border-line">
        {basketDetails.lineItems.map((line) => (
          <SummaryLine key={line.lineItemId} line={line} />
        ))}
      </ul>
      <DiscountCodes codes={basketDetails.discountCodes} />
      <OrderTotals
        subTotal={basketDetails.subTotal}
        discount={basketDetails.cartAndCodeDiscount}
        deliveryCharge={summary.deliveryZoneOption ? basketDetails.deliveryCharge : null}
        taxes={summary.taxes}
        grandTotal={summary.grandTotal}
      />
      {minimum ? (
        <p className="flex items-start gap-2 rounded-control border border-warning/40 bg-warning-soft px-3 py-2 text-sm">
          <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          <span>{minimum}</span>
        </p>
      ) : null}
    </section>
  );
}
