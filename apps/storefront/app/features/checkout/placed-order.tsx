import type { Order, PaymentProviderId } from "@quire/contracts";
import { PROFORMA_PAYMENT_DAYS } from "@quire/contracts/constants";
import { formatMoney } from "@quire/money";
import { buttonClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Price } from "~/components/ui/price";
import { refundText } from "~/features/account/order-status";
import { formatDate } from "~/lib/format-date";
import { proformaInvoicePath } from "./checkout-forms";
import { OrderTotals } from "./order-totals";
import { paymentStatusText } from "./payment-status";
import { t } from "~/lib/i18n/messages/checkout-page";
import { textAround } from "~/lib/i18n/translator";

const STATUS_LOOK = {
  success: "border-success/40 bg-success-soft",
  waiting: "border-warning/40 bg-warning-soft",
  cancelled: "border-danger/40 bg-danger-soft",
  refunded: "border-line bg-surface",
} as const;

const STATUS_ICON = { success: "check", waiting: "info", cancelled: "warning", refunded: "info" } as const;

/**
 * The payment of a placed order: its status, the money given back, and, for a bank transfer, the proforma
 * invoice to pay it by.
 */
function PaymentPanel({ order, provider, proformaHref }: { order: Order; provider: PaymentProviderId | null; proformaHref: string }) {
  const status = paymentStatusText(order, provider);
  const awaitingTransfer = order.status === "awaiting_payment" && provider === "proforma-invoice";
  const transfer = textAround(t("checkout.placed.transfer", { days: PROFORMA_PAYMENT_DAYS }), "amount");
  const transferNumber = textAround(transfer[1], "number");
  return (
    <section aria-labelledby="payment-heading" className={`grid gap-3 rounded-card border p-5 ${STATUS_LOOK[status.tone]}`}>
      <h2 id="payment-heading" className="text-lg">
        {t("checkout.placed.payment")}
      </h2>
      <p className="flex items-center gap-2 font-semibold">
        <Icon name={STATUS_ICON[status.tone]} className="size-5" />
        {status.label}
      </p>
      {order.refunds.length > 0 ? (
        <div>
          <h3 id="refunds-heading" className="text-base font-semibold">
            {t("checkout.placed.refunds")}
          </h3>
          <ul aria-labelledby="refunds-heading" className="mt-1 grid gap-1">
            {order.refunds.map((refund, index) => (
              <li key={index}>
                {refundText(refund)}{" "}
                <span className="text-ink-muted">
                  (<time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>)
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {awaitingTransfer ? (
        <>
          <p>
            {transfer[0]}
            <strong>{formatMoney(order.grandTotal)}</strong>
            {transferNumber[0]}
            <strong className="font-mono">{order.publicId}</strong>
            {transferNumber[1]}
          </p>
          <div>
            {/* A document, not a page: the browser downloads it (no client-side routing). */}
            <a href={proformaHref} download className={buttonClass({ variant: "secondary" })}>
              <Icon name="download" className="size-5" />
              {t("checkout.placed.proforma")}
            </a>
          </div>
        </>
      ) : null}
    </section>
  );
}

/**
 * A placed order as its buyer sees it: lines, totals, addresses, payment.
 * Its proforma invoice is the buyer's own path unless another is given (an order link's, decision 041).
 */
export function PlacedOrder({
  order,
  provider,
  proformaHref = proformaInvoicePath(order.id),
}: {
  order: Order;
  provider: PaymentProviderId | null;
  proformaHref?: string;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(18rem,2fr)] lg:items-start">
      <div className="grid gap-6">
        <PaymentPanel order={order} provider={provider} proformaHref={proformaHref} />
        <section aria-labelledby="items-heading" className="rounded-card border border-line bg-surface p-5 sm:p-6">
          <h2 id="items-heading" className="text-xl">
            {t("checkout.placed.items")}
          </h2>
          <ul aria-label={t("checkout.items_label")} className="mt-4 border-t border-line">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-baseline justify-between gap-4 border-b border-line py-3">
                <div className="min-w-0">
                  <p className="font-serif font-semibold">{item.productName}</p>
                  <p className="text-sm text-ink-muted">
                    {item.variantName} · {item.quantity} ×{" "}
                    <Price amount={item.unitPrice.amount} currencyCode={item.unitPrice.currencyCode} className="[&>span]:font-normal" />
                  </p>
                  {item.addons.length ? (
                    <ul className="text-sm text-ink-muted">
                      {item.addons.map((addon) => (
                        <li key={addon.name}>+ {addon.name}</li>
                      ))}
                    </ul>
                  ) : null}
                </div>
                <Price amount={item.total.amount} currencyCode={item.total.currencyCode} className="shrink-0" />
              </li>
            ))}
          </ul>
          <div className="mt-5">
            <OrderTotals
              subTotal={order.subTotal}
              discount={order.cartAndCodeDiscount}
              deliveryCharge={order.deliveryCharge}
              taxes={order.taxes}
              grandTotal={order.grandTotal}
            />
          </div>
        </section>
      </div>
      <section aria-labelledby="delivery-heading" className="grid gap-5 rounded-card border border-line bg-surface p-5 sm:p-6">
        <h2 id="delivery-heading" className="text-xl">
          {t("checkout.placed.delivery")}
        </h2>
        <dl className="grid gap-4">
          <div>
            <dt className="text-sm text-ink-muted">{t("checkout.delivery.address")}</dt>
            <dd>
              <address className="not-italic">{order.deliveryAddress.formattedAddress}</address>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">{t("checkout.delivery.option")}</dt>
            <dd>{order.deliveryOption.name}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">{t("checkout.delivery.billing")}</dt>
            <dd>
              <address className="not-italic">{order.billingAddress.formattedAddress}</address>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink-muted">{t("checkout.placed.email")}</dt>
            <dd className="break-all">{order.email}</dd>
          </div>
          {order.referenceNumber ? (
            <div>
              <dt className="text-sm text-ink-muted">{t("checkout.note.reference")}</dt>
              <dd>{order.referenceNumber}</dd>
            </div>
          ) : null}
          {order.customerComment ? (
            <div>
              <dt className="text-sm text-ink-muted">{t("checkout.placed.your_note")}</dt>
              <dd className="whitespace-pre-line">{order.customerComment}</dd>
            </div>
          ) : null}
        </dl>
      </section>
    </div>
  );
}
