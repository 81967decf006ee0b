import { Icon } from "~/components/ui/icon";
import { t } from "~/lib/i18n/messages/checkout";

/**
 * The checkout's steps, numbered 0 to 4 (docs/storefront-behaviour/checkout.md): customer information; delivery (the
 * delivery and billing addresses and the delivery option); the payment type; the payment process; the order
 * confirmation.
 */
export const CHECKOUT_STEPS = [
  t("checkout.steps.details"),
  t("checkout.steps.delivery"),
  t("checkout.steps.payment_method"),
  t("checkout.steps.payment"),
  t("checkout.steps.confirmation"),
] as const;
export type CheckoutStep = 0 | 1 | 2 | 3 | 4;

export function isCheckoutStep(value: unknown): value is CheckoutStep {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < CHECKOUT_STEPS.length;
}

/**
 * Where the shopper is in checkout. Done steps show a tick; the current one is marked for assistive tech.
 * Phones show the numbered circles and a caption naming the current step.
 */
export function CheckoutStepper({ current }: { current: CheckoutStep }) {
  return (
    <nav aria-label={t("checkout.steps.label")} className="w-full">
      <p aria-hidden="true" className="mb-2 text-sm text-ink-muted sm:hidden">
        {t("checkout.steps.step_of", { step: current + 1, count: CHECKOUT_STEPS.length })}
        <span className="font-semibold text-ink">{CHECKOUT_STEPS[current]}</span>
      </p>
      <ol className="flex items-center">
        {CHECKOUT_STEPS.map((label, index) => {
          const state = index < current ? "done" : index === current ? "current" : "todo";
          return (
            <li
              key={label}
              aria-current={state === "current" ? "step" : undefined}
              className="flex flex-1 items-center gap-2 last:flex-none"
            >
              <span
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                  state === "done"
                    ? "bg-success text-accent-ink"
                    : state === "current"
                      ? "bg-accent text-accent-ink"
                      : "border border-line-strong bg-surface text-ink-muted"
                }`}
              >
                {state === "done" ? <Icon name="check" className="size-4" /> : index + 1}
              </span>
              <span
                className={`sr-only text-sm whitespace-nowrap sm:not-sr-only ${state === "current" ? "font-semibold text-ink" : "text-ink-muted"}`}
              >
                {label}
                {state === "done" ? <span className="sr-only">{t("checkout.steps.done")}</span> : null}
              </span>
              {index < CHECKOUT_STEPS.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={`mx-1 h-0.5 min-w-3 flex-1 rounded-full sm:mx-2 ${index < current ? "bg-success" : "bg-line-strong/40"}`}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
