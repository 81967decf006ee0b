import type { Order } from "@quire/contracts";
import type { ReactNode } from "react";
import { Price } from "~/components/ui/price";
import { OrderTotals } from "~/features/checkout/order-totals";
import { t } from "~/lib/i18n/messages/account";
import { formatDate } from "~/lib/format-date";
import { orderStatusText, paymentMethodName, paymentStateLabel, refundText } from "./order-status";
import { ProgressList } from "./progress-list";

/*
 * The parts of an order's page in the account (/account/orders/:id): its lines and totals, delivery,
 * payment and progress. Each shows what the API answered; nothing is added up here.
 */

export const orderCardClass = "rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6";

/** A titled card of an account page (an order's, a return's). */
export function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={orderCardClass}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One fact of a card: a quiet label above its value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** The order's lines (name, format, SKU, quantity, unit price, add-ons, line total), then its totals. */
export function OrderItems({ order }: { order: Order }) {
  return (
    <Card id="order-items-heading" title={t("account.order.items")}>
      <ul aria-label={t("account.order.items_label")} className="mt-4 border-t border-line">
        {order.items.map((item) => (
          <li key={item.id} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 border-b border-line py-4">
            <div className="min-w-0">
              <p className="font-serif text-lg leading-snug font-semibold">{item.productName}</p>
              <p className="text-sm text-ink-muted">
                {item.variantName} <span aria-hidden="true">·</span> {t("account.order.sku")} <span className="font-mono">{item.sku}</span>
              </p>
              <p className="mt-1 text-sm">
                <span className="sr-only">{t("account.order.quantity_prefix")}</span>
                {item.quantity} ×{" "}
                <Price amount={item.unitPrice.amount} currencyCode={item.unitPrice.currencyCode} className="[&>span]:font-normal" />
                <span className="text-ink-muted">{t("account.order.each")}</span>
              </p>
              {item.addons.length > 0 ? (
                <ul
                  aria-label={t("account.order.addons_label", { name: item.productName })}
                  className="mt-1 grid gap-0.5 text-sm text-ink-muted"
                >
                  {item.addons.map((addon) => (
                    <li key={addon.name}>
                      + {addon.name} (
                      <Price
                        amount={addon.unitPrice.amount}
                        currencyCode={addon.unitPrice.currencyCode}
                        className="[&>span]:font-normal"
                      />{" "}
                      {t("account.order.addon_each")})
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <p className="text-right">
              <span className="sr-only">{t("account.order.line_total_prefix")}</span>
              <Price amount={item.total.amount} currencyCode={item.total.currencyCode} />
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-5 sm:ml-auto sm:max-w-sm">
        <OrderTotals
          subTotal={order.subTotal}
          discount={order.cartAndCodeDiscount}
          deliveryCharge={order.deliveryCharge}
          taxes={order.taxes}
          grandTotal={order.grandTotal}
        />
        {order.discountCodes.length > 0 ? (
          <p className="mt-3 text-sm text-ink-muted">
            {order.discountCodes.length === 1 ? t("account.order.discount_code_used") : t("account.order.discount_codes_used")}{" "}
            {order.discountCodes.map((discount) => discount.code).join(", ")}
          </p>
        ) : null}
      </div>
    </Card>
  );
}

/** Where the order goes: the delivery address, the option chosen and, once shipped, the carrier's reference. */
export function OrderDelivery({ order }: { order: Order }) {
  return (
    <Card id="order-delivery-heading" title={t("account.order.delivery")}>
      <dl className="mt-4 grid gap-4">
        <Fact label={t("account.order.delivery_address")}>
          <address className="not-italic">{order.deliveryAddress.formattedAddress}</address>
        </Fact>
        <Fact label={t("account.order.delivery_option")}>{order.deliveryOption.name}</Fact>
        <Fact label={t("account.order.tracking_reference")}>
          {order.trackingReference ? (
            <span className="font-mono break-all">{order.trackingReference}</span>
          ) : (
            <span className="text-ink-muted">{t("account.order.tracking_when_shipped")}</span>
          )}
        </Fact>
      </dl>
    </Card>
  );
}

/** How the order is paid and how far that got, and who is billed. */
export function OrderPayment({ order }: { order: Order }) {
  const payment = order.latestPayment;
  return (
    <Card id="order-payment-heading" title={t("account.order.payment")}>
      <dl className="mt-4 grid gap-4">
        <Fact label={t("account.order.payment_method")}>
          {payment ? paymentMethodName(payment.paymentProviderId) : t("account.order.payment_not_chosen")}
        </Fact>
        <Fact label={t("account.order.payment_status")}>{paymentStateLabel(payment, order.refunds, order.grandTotal.amount)}</Fact>
        {order.refunds.length > 0 ? (
          <Fact label={t("account.order.refunds")}>
            <ul className="grid gap-1">
              {order.refunds.map((refund, index) => (
                <li key={index}>
                  {refundText(refund)}{" "}
                  <span className="text-ink-muted">
                    (<time dateTime={refund.createdAt}>{formatDate(refund.createdAt)}</time>)
                  </span>
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
        <Fact label={t("account.order.billing_address")}>
          <address className="not-italic">{order.billingAddress.formattedAddress}</address>
        </Fact>
        <Fact label={t("account.order.email")}>
          <span className="break-all">{order.email}</span>
        </Fact>
        {order.referenceNumber ? <Fact label={t("account.order.your_reference")}>{order.referenceNumber}</Fact> : null}
        {order.customerComment ? (
          <Fact label={t("account.order.your_note")}>
            <span className="whitespace-pre-line">{order.customerComment}</span>
          </Fact>
        ) : null}
      </dl>
    </Card>
  );
}

/** The order's progress, oldest first: placed, then each change of its status with its date and time. */
export function OrderTimeline({ order }: { order: Order }) {
  const events = [
    { key: "placed", label: t("account.order.placed"), at: order.placedAt, note: null as string | null },
    ...order.history.map((change, index) => ({
      key: `${index}-${change.to}`,
      label: orderStatusText(change.to).label,
      at: change.at,
      note:
        change.to === "shipped" && order.trackingReference
          ? t("account.order.tracking_note", { reference: order.trackingReference })
          : null,
    })),
  ];
  return (
    <Card id="order-progress-heading" title={t("account.order.progress")}>
      <ProgressList events={events} />
    </Card>
  );
}
