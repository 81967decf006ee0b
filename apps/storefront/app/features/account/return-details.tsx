import type { ReturnDetail } from "@quire/contracts";
import { Icon } from "~/components/ui/icon";
import { Price } from "~/components/ui/price";
import { t } from "~/lib/i18n/messages/account";
import { Card, Fact } from "./order-details";
import { ProgressList } from "./progress-list";
import type { ReturnChoices } from "./return-form";
import { choiceLabel, refundKindLabel, refundStatusLabel, returnNextStep, returnStatusText } from "./return-status";

/*
 * The parts of a return's page in the account (/account/returns/:id): what happens next, its lines and what
 * they are worth, the customer's request and the shop's answer, the money given back, and its progress. Each
 * shows what the API answered; nothing is added up here.
 */

/** What happens next for the return's status, as a callout under the heading. */
export function ReturnNextStep({ detail }: { detail: ReturnDetail }) {
  return (
    <section aria-labelledby="return-next-heading" className="flex gap-3 rounded-card border border-info/40 bg-info-soft px-5 py-4">
      <Icon name="info" className="mt-0.5 size-5 shrink-0 text-info" />
      <div>
        <h2 id="return-next-heading" className="font-semibold">
          {t("account.return.next_heading")}
        </h2>
        <p className="mt-1">{returnNextStep(detail.status)}</p>
      </div>
    </section>
  );
}

/** The lines sent back: name, format, SKU, how many, and what each is worth; then the return's total. */
export function ReturnLines({ detail }: { detail: ReturnDetail }) {
  return (
    <Card id="return-items-heading" title={t("account.order.items")}>
      <ul aria-label={t("account.return.items_label")} className="mt-4 border-t border-line">
        {detail.lines.map((line) => (
          <li key={line.orderLineId} className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 border-b border-line py-4">
            <div className="min-w-0">
              <p className="font-serif text-lg leading-snug font-semibold">{line.productName}</p>
              <p className="text-sm text-ink-muted">
                {line.variantName} <span aria-hidden="true">·</span> {t("account.order.sku")} <span className="font-mono">{line.sku}</span>
              </p>
              <p className="mt-1 text-sm">
                <span className="sr-only">{t("account.order.quantity_prefix")}</span>
                {t("account.return.quantity_returned", { quantity: line.quantity })}
              </p>
            </div>
            <p className="text-right">
              <span className="sr-only">{t("account.return.worth_prefix")}</span>
              <Price amount={line.amount.amount} currencyCode={line.amount.currencyCode} />
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 flex items-baseline justify-between gap-4 text-lg font-semibold">
        <dt>{t("account.return.total")}</dt>
        <dd>
          <Price amount={detail.amount.amount} currencyCode={detail.amount.currencyCode} />
        </dd>
      </dl>
      <p className="mt-1 text-sm text-ink-muted">{t("account.return.total_note")}</p>
    </Card>
  );
}

/** Why the items go back, what the customer asked for, their comment, and the shop's note when it said no. */
export function ReturnRequest({ detail, choices }: { detail: ReturnDetail; choices: ReturnChoices }) {
  const resolution = choices.resolutions.find((choice) => choice.code === detail.resolution);
  return (
    <Card id="return-request-heading" title={t("account.return.request")}>
      <dl className="mt-4 grid gap-4">
        <Fact label={t("account.return.reason")}>{choiceLabel(choices.reasons, detail.reason)}</Fact>
        <Fact label={t("account.return.asked_for")}>
          <span className="block">{choiceLabel(choices.resolutions, detail.resolution)}</span>
          {resolution ? <span className="block text-sm text-ink-muted">{resolution.description}</span> : null}
        </Fact>
        <Fact label={t("account.return.comment")}>
          {detail.comment ? (
            <span className="whitespace-pre-line">{detail.comment}</span>
          ) : (
            <span className="text-ink-muted">{t("account.return.no_comment")}</span>
          )}
        </Fact>
        {detail.status === "rejected" && detail.merchantNote ? (
          <Fact label={t("account.return.our_note")}>
            <span className="whitespace-pre-line">{detail.merchantNote}</span>
          </Fact>
        ) : null}
      </dl>
    </Card>
  );
}

/** The money given back once the return is settled: how, how much, and where it stands. */
export function ReturnRefund({ refund }: { refund: NonNullable<ReturnDetail["refund"]> }) {
  return (
    <Card id="return-refund-heading" title={t("account.return.money_back")}>
      <dl className="mt-4 grid gap-4">
        <Fact label={t("account.return.how")}>{refundKindLabel(refund.kind)}</Fact>
        <Fact label={t("account.return.amount")}>
          <Price amount={refund.amount.amount} currencyCode={refund.amount.currencyCode} />
        </Fact>
        <Fact label={t("account.return.status")}>{refundStatusLabel(refund.status)}</Fact>
      </dl>
    </Card>
  );
}

/** The return's progress, oldest first: asked for, then each change of its status with its date and time. */
export function ReturnProgress({ detail }: { detail: ReturnDetail }) {
  const events = [
    { key: "requested", label: t("account.return.requested"), at: detail.createdAt },
    ...detail.history.map((change, index) => ({ key: `${index}-${change.to}`, label: returnStatusText(change.to).label, at: change.at })),
  ];
  return (
    <Card id="return-progress-heading" title={t("account.order.progress")}>
      <ProgressList events={events} />
    </Card>
  );
}
