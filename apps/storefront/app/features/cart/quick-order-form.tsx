import { MAX_CART_LINE_QUANTITY } from "@quire/contracts/constants";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { useFormIdempotencyKey } from "~/features/layout/root-data";
import { CART_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { IDEMPOTENCY_KEY_FIELD, QUICK_ORDER_MAX_LINES, QUICK_ORDER_START_LINES, type QuickOrderOutcome } from "./cart-forms";
import { t } from "~/lib/i18n/messages/cart";

/** What the last quick order did, to report and to put the refused rows back in the form. */
export interface QuickOrderResult {
  /** Distinguishes one submission from the next, so the form starts afresh after each. */
  id: string;
  outcomes: QuickOrderOutcome[];
}

function Report({ result }: { result: QuickOrderResult }) {
  const added = result.outcomes.filter((outcome) => outcome.added);
  const failed = result.outcomes.filter((outcome) => !outcome.added);
  return (
    <div role="status" className="flex flex-col gap-3 text-sm">
      {result.outcomes.length === 0 ? <p className="font-medium">{t("cart.quick_order.none_entered")}</p> : null}
      {added.length ? (
        <div className="rounded-control border border-success/40 bg-success-soft p-3">
          <p className="flex items-center gap-2 font-semibold text-success">
            <Icon name="check" className="size-4" />
            {added.length === 1 ? t("cart.quick_order.added_one") : t("cart.quick_order.added", { count: added.length })}
          </p>
          <ul className="mt-1 list-disc pl-9">
            {added.map((outcome) => (
              <li key={outcome.row}>{outcome.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {failed.length ? (
        <div className="rounded-control border border-danger/40 bg-danger-soft p-3">
          <p className="flex items-center gap-2 font-semibold text-danger">
            <Icon name="warning" className="size-4" />
            {failed.length === 1 ? t("cart.quick_order.failed_one") : t("cart.quick_order.failed", { count: failed.length })}
          </p>
          <ul className="mt-1 list-disc pl-9" aria-label={t("cart.quick_order.failed_label")}>
            {failed.map((outcome) => (
              <li key={outcome.row}>
                {t("cart.quick_order.line", { number: outcome.row + 1 })}
                {outcome.sku ? (
                  <>
                    {" "}
                    (<span className="font-mono">{outcome.sku}</span>)
                  </>
                ) : null}
                : {outcome.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Quick order: several SKUs with quantities added to the basket at once (shown when the store
 * enables it). Posts to the cart page; the report lists every line that failed and why, and those
 * lines come back into the form to correct. Without JavaScript it has a fixed number of rows; with it,
 * "Add a line" adds more.
 */
export function QuickOrderForm({ result }: { result?: QuickOrderResult }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === CART_INTENTS.quickOrder;
  const idempotencyKey = useFormIdempotencyKey(CART_INTENTS.quickOrder);
  const refused = result?.outcomes.filter((outcome) => !outcome.added) ?? [];
  const startRows = Math.min(QUICK_ORDER_MAX_LINES, Math.max(QUICK_ORDER_START_LINES, refused.length + 1));
  const [extraRows, setExtraRows] = useState(0);
  const rows = Math.min(QUICK_ORDER_MAX_LINES, startRows + extraRows);

  return (
    <section aria-labelledby="quick-order" className="rounded-card border border-line bg-surface p-5">
      <h2 id="quick-order" className="text-xl">
        {t("cart.quick_order.title")}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t("cart.quick_order.intro")}</p>
      {result ? (
        <div className="mt-4">
          <Report result={result} />
        </div>
      ) : null}
      {/* A new key after each order resets the rows to what that order left to correct. */}
      <Form key={result?.id ?? "new"} method="post" preventScrollReset className="mt-4 flex flex-col gap-3">
        <input type="hidden" name={INTENT_FIELD} value={CART_INTENTS.quickOrder} />
        {idempotencyKey ? <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} /> : null}
        <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-x-3 gap-y-2">
          <span aria-hidden="true" className="text-sm font-medium">
            {t("cart.quick_order.sku")}
          </span>
          <span aria-hidden="true" className="text-sm font-medium">
            {t("cart.quick_order.quantity")}
          </span>
          {Array.from({ length: rows }, (_, row) => {
            const previous = refused[row];
            return (
              <div key={row} className="col-span-2 grid grid-cols-subgrid">
                <input
                  name={`sku-${row}`}
                  aria-label={t("cart.quick_order.sku_label", { number: row + 1 })}
                  defaultValue={previous?.sku}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={100}
                  className={`${inputClass} font-mono`}
                  placeholder={row === 0 ? t("cart.quick_order.sku_example") : undefined}
                />
                <input
                  name={`quantity-${row}`}
                  aria-label={t("cart.quick_order.quantity_label", { number: row + 1 })}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_CART_LINE_QUANTITY}
                  step={1}
                  defaultValue={previous?.quantityText}
                  className={`${inputClass} text-center tabular-nums`}
                />
              </div>
            );
          })}
        </div>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" aria-disabled={busy || undefined}>
            <Icon name="bag" className="size-5" />
            {busy ? t("cart.quick_order.adding") : t("cart.quick_order.submit")}
          </Button>
          {hydrated && rows < QUICK_ORDER_MAX_LINES ? (
            <Button type="button" variant="secondary" onClick={() => setExtraRows((count) => count + 1)}>
              {t("cart.quick_order.add_line")}
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
