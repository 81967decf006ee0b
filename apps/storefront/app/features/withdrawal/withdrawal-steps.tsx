import { formatMoney } from "@quire/money";
import type { WithdrawableOrder, Withdrawal, WithdrawalOrderBody } from "@quire/contracts";
import { useId, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, FormNotice } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { FieldError, TextField } from "~/components/forms/text-field";
import { Button, ButtonLink, textLinkClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { FIND_MY_ORDER_PATH } from "~/features/order-link/order-link-paths";
import { formatDayInWords, formatMomentInWords } from "~/lib/format-date";
import { INTENT_FIELD } from "~/lib/form-intents";
import { t } from "~/lib/i18n/messages/withdrawal";
import { textAround } from "~/lib/i18n/translator";
import {
  WITHDRAWAL_FIELDS,
  WITHDRAWAL_INTENTS,
  withdrawAvailableField,
  withdrawQuantityField,
  type WithdrawalView,
} from "./withdrawal-form";
import { WITHDRAW_PATH } from "./withdrawal-paths";

/*
 * The withdrawal page's steps (routes/withdraw.tsx, decision 061): the order's number and email; the items and the
 * confirmation; the acknowledgement. Every form posts to /withdraw and works without JavaScript; none checks anything
 * in the browser (noValidate): the action and the API answer, beside each field.
 */

/** Whether a form of the page is on its way with `intent`. */
function usePosting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === intent;
}

/** Step 1: the order's number and the email it was placed with. */
export function FindOrderStep({ failure, email, signedIn }: { failure: FormFailure | null; email: string; signedIn: boolean }) {
  const posting = usePosting(WITHDRAWAL_INTENTS.find);
  const typed = failure?.values;
  const fields = [WITHDRAWAL_FIELDS.orderNumber, WITHDRAWAL_FIELDS.email];
  return (
    <section aria-labelledby="withdraw-find-heading" className="mt-8">
      <h2 id="withdraw-find-heading" className="text-xl font-semibold">
        {t("withdrawal.find.heading")}
      </h2>
      <p className="mt-1 text-ink-muted">{t("withdrawal.find.intro")}</p>
      <Form method="post" action={WITHDRAW_PATH} noValidate className="mt-5 grid gap-5">
        <input type="hidden" name={INTENT_FIELD} value={WITHDRAWAL_INTENTS.find} />
        <FormAlert errors={formErrors(failure ?? undefined, fields)} />
        <TextField
          label={t("withdrawal.find.order_number")}
          hint={t("withdrawal.find.order_number_hint")}
          name={WITHDRAWAL_FIELDS.orderNumber}
          autoComplete="off"
          required
          maxLength={40}
          defaultValue={typed?.[WITHDRAWAL_FIELDS.orderNumber] ?? ""}
          error={fieldError(failure ?? undefined, WITHDRAWAL_FIELDS.orderNumber)}
        />
        <TextField
          label={t("withdrawal.find.email")}
          name={WITHDRAWAL_FIELDS.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={254}
          defaultValue={typed?.[WITHDRAWAL_FIELDS.email] ?? email}
          error={fieldError(failure ?? undefined, WITHDRAWAL_FIELDS.email)}
        />
        <div>
          <Button type="submit" disabled={posting} aria-busy={posting || undefined}>
            {posting ? t("withdrawal.find.submitting") : t("withdrawal.find.submit")}
          </Button>
        </div>
      </Form>
      {signedIn ? (
        <p className="mt-8 text-ink-muted">
          {t("withdrawal.find.signed_in")}{" "}
          <Link to="/account/orders" className={textLinkClass}>
            {t("withdrawal.find.account_orders")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

/** The hidden fields that name the order again on step 2, as step 1 (or the order's page) named it. */
function OrderKeyFields({ orderKey }: { orderKey: WithdrawalOrderBody }) {
  return Object.entries(orderKey).map(([name, value]) => <input key={name} type="hidden" name={name} value={String(value)} />);
}

/** Until when the order may be withdrawn from: the period's end, or "after delivery" while it is on its way. */
function WithdrawableUntil({ order }: { order: WithdrawableOrder }) {
  if (order.withdrawableUntil === null)
    return <p className="mt-1 text-ink-muted">{t("withdrawal.choose.until_delivery", { days: order.periodDays })}</p>;
  const [before, after] = textAround(t("withdrawal.choose.until"), "date");
  return (
    <p className="mt-1 text-ink-muted">
      {before}
      <time dateTime={order.withdrawableUntil}>{formatMomentInWords(order.withdrawableUntil)}</time>
      {after}
    </p>
  );
}

type WithdrawableLine = WithdrawableOrder["lines"][number];

/** One line of step 2: how many to withdraw from (all it may, at first), or why it cannot be. */
function LineChoice({ line, failure, fieldId }: { line: WithdrawableLine; failure: FormFailure | null; fieldId: string }) {
  const name = withdrawQuantityField(line.orderLineId);
  const inputId = `${fieldId}-${name}`;
  const error = fieldError(failure ?? undefined, name);
  const open = line.withdrawableQuantity > 0;
  const note = open
    ? t("withdrawal.choose.up_to", { count: line.quantity, available: line.withdrawableQuantity })
    : (line.exemptionMessage ?? t("withdrawal.choose.none_left", { count: line.quantity }));
  return (
    <li className={`grid items-start gap-x-4 gap-y-1 py-3 ${open ? "grid-cols-[minmax(0,1fr)_6.5rem]" : ""}`}>
      <div className="min-w-0">
        {open ? (
          <label htmlFor={inputId} className="font-serif font-semibold">
            {line.productName}
            <span className="sr-only"> ({line.variantName})</span>
          </label>
        ) : (
          <p className="font-serif font-semibold">{line.productName}</p>
        )}
        <p className="text-sm text-ink-muted">
          {line.variantName} <span aria-hidden="true">·</span> <span className="font-mono">{line.sku}</span>
        </p>
        <p id={`${inputId}-hint`} className={`text-sm ${open ? "text-ink-muted" : "text-ink"}`}>
          {note}
        </p>
        <FieldError id={`${inputId}-error`} message={error} />
      </div>
      {open ? (
        <>
          <input type="hidden" name={withdrawAvailableField(line.orderLineId)} value={line.withdrawableQuantity} />
          <input
            id={inputId}
            name={name}
            type="number"
            inputMode="numeric"
            min={0}
            max={line.withdrawableQuantity}
            step={1}
            defaultValue={failure?.values?.[name] ?? String(line.withdrawableQuantity)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[`${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(" ")}
            className={`${inputClass} text-right`}
          />
        </>
      ) : null}
    </li>
  );
}

/**
 * Step 2: the order, until when it may be withdrawn from, each line with how many to withdraw from (every item at
 * first: the whole order), and "Confirm withdrawal". Posts the order's key again, and the Idempotency-Key of this
 * render, so a confirmation sent twice withdraws once.
 */
export function ChooseItemsStep({ view }: { view: Extract<WithdrawalView, { step: "choose" }> }) {
  const { order, failure } = view;
  const fieldId = useId();
  const posting = usePosting(WITHDRAWAL_INTENTS.withdraw);
  const open = order.lines.filter((line) => line.withdrawableQuantity > 0);
  const linesError = fieldError(failure ?? undefined, WITHDRAWAL_FIELDS.lines);
  const shown = [WITHDRAWAL_FIELDS.lines, ...open.map((line) => withdrawQuantityField(line.orderLineId))];
  return (
    <section aria-labelledby="withdraw-choose-heading" className="mt-8">
      <h2 id="withdraw-choose-heading" className="text-xl font-semibold">
        {t("withdrawal.choose.heading", { number: order.orderNumber })}
      </h2>
      <WithdrawableUntil order={order} />
      <Form method="post" action={WITHDRAW_PATH} noValidate className="mt-5 grid gap-6">
        <input type="hidden" name={INTENT_FIELD} value={WITHDRAWAL_INTENTS.withdraw} />
        <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={view.idempotencyKey} />
        <OrderKeyFields orderKey={view.key} />
        <FormAlert errors={formErrors(failure ?? undefined, shown)} />
        <fieldset aria-describedby={linesError ? `${fieldId}-lines-error` : open.length > 0 ? `${fieldId}-lines-hint` : undefined}>
          <legend className="text-base font-semibold">{t("withdrawal.choose.items")}</legend>
          {open.length > 0 ? (
            <p id={`${fieldId}-lines-hint`} className="mt-0.5 text-sm text-ink-muted">
              {t("withdrawal.choose.items_hint")}
            </p>
          ) : null}
          <FieldError id={`${fieldId}-lines-error`} message={linesError} />
          <ul className="mt-3 divide-y divide-line border-y border-line">
            {order.lines.map((line) => (
              <LineChoice key={line.orderLineId} line={line} failure={failure} fieldId={fieldId} />
            ))}
          </ul>
        </fieldset>
        {open.length > 0 ? (
          <div className="grid gap-4">
            <p>{t("withdrawal.choose.confirm_text")}</p>
            <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
              <Button type="submit" disabled={posting} aria-busy={posting || undefined}>
                {posting ? t("withdrawal.choose.confirming") : t("withdrawal.choose.confirm")}
              </Button>
              <Link to={WITHDRAW_PATH} className={textLinkClass}>
                {t("withdrawal.choose.another")}
              </Link>
            </div>
          </div>
        ) : (
          <FormNotice>
            <p>{t("withdrawal.choose.nothing_left")}</p>
          </FormNotice>
        )}
      </Form>
    </section>
  );
}

/** One fact of the acknowledgement: a quiet label beside (or above, on a phone) its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/**
 * Step 3: the shop's acknowledgement, at once, as the law asks: the withdrawal's number, when it was received (date
 * and time, in words and UTC, as the mail says it), what was withdrawn from and for how much, the delivery when the
 * whole order is, the refund and its deadline.
 */
export function WithdrawalReceipt({ withdrawal }: { withdrawal: Withdrawal }) {
  const received = formatMomentInWords(withdrawal.declaredAt);
  return (
    <section aria-labelledby="withdraw-done-heading" className="mt-8 grid gap-6">
      <FormNotice tone="success">
        <h2 id="withdraw-done-heading" className="text-base font-semibold">
          {t("withdrawal.done.heading")}
        </h2>
        <p>{t("withdrawal.done.summary", { id: withdrawal.publicId, number: withdrawal.orderNumber, date: received })}</p>
        <p>{t("withdrawal.done.emailed")}</p>
      </FormNotice>
      <dl className="grid gap-3">
        <Fact label={t("withdrawal.done.number")}>
          <span className="font-mono">{withdrawal.publicId}</span>
        </Fact>
        <Fact label={t("withdrawal.done.order")}>
          <span className="font-mono">{withdrawal.orderNumber}</span>
        </Fact>
        <Fact label={t("withdrawal.done.received")}>
          <time dateTime={withdrawal.declaredAt}>{received}</time>
        </Fact>
        <Fact label={t("withdrawal.done.refund_by")}>
          <time dateTime={withdrawal.refundDueBy}>{formatDayInWords(withdrawal.refundDueBy)}</time>
        </Fact>
      </dl>
      <div>
        <h3 className="text-base font-semibold">{t("withdrawal.done.items")}</h3>
        {withdrawal.wholeOrder ? <p className="mt-0.5 text-sm text-ink-muted">{t("withdrawal.done.whole_order")}</p> : null}
        <ul aria-label={t("withdrawal.done.items")} className="mt-3 divide-y divide-line border-y border-line">
          {withdrawal.lines.map((line) => (
            <li key={line.orderLineId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
              <span className="min-w-0">
                {line.quantity} × <span className="font-serif font-semibold">{line.productName}</span>{" "}
                <span className="text-ink-muted">({line.variantName})</span>
              </span>
              <Price amount={line.amount.amount} currencyCode={line.amount.currencyCode} />
            </li>
          ))}
          {withdrawal.delivery.amount > 0 ? (
            <li className="flex flex-wrap items-baseline justify-between gap-x-4 py-3">
              <span>{t("withdrawal.done.delivery")}</span>
              <Price amount={withdrawal.delivery.amount} currencyCode={withdrawal.delivery.currencyCode} />
            </li>
          ) : null}
        </ul>
        <p className="mt-3 flex flex-wrap items-baseline justify-between gap-x-4 text-lg font-semibold">
          <span>{t("withdrawal.done.total")}</span>
          <Price amount={withdrawal.amount.amount} currencyCode={withdrawal.amount.currencyCode} />
        </p>
      </div>
      <p>
        {t("withdrawal.done.next", {
          amount: formatMoney(withdrawal.amount),
          date: formatDayInWords(withdrawal.refundDueBy),
        })}
      </p>
      <div>
        <ButtonLink to="/store" variant="secondary">
          {t("withdrawal.done.continue")}
        </ButtonLink>
      </div>
    </section>
  );
}

/** An order mail's link that does not work: find the order by its number instead, or ask for a new link. */
export function LinkProblem({ problem }: { problem: "invalid" | "expired" }) {
  const expired = problem === "expired";
  return (
    <section aria-labelledby="withdraw-link-heading" className="mt-8">
      <h2 id="withdraw-link-heading" className="text-xl font-semibold">
        {expired ? t("withdrawal.link.expired") : t("withdrawal.link.invalid")}
      </h2>
      <p className="mt-2">{expired ? t("withdrawal.link.expired_text") : t("withdrawal.link.invalid_text")}</p>
      <div className="mt-5 flex flex-wrap gap-3">
        <ButtonLink to={WITHDRAW_PATH}>{t("withdrawal.link.by_number")}</ButtonLink>
        <ButtonLink to={FIND_MY_ORDER_PATH} variant="secondary">
          {t("withdrawal.link.new_link")}
        </ButtonLink>
      </div>
    </section>
  );
}
