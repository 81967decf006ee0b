import type { ReactNode } from "react";
import { Link } from "react-router";
import { textLinkClass } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import type { SectionState } from "./checkout-steps";
import { t } from "~/lib/i18n/messages/checkout-page";

/**
 * One section of the checkout page: its number and title, and what it holds now. An open section holds its
 * forms; a done one what was given, with a link to change it; a section still to come only its title.
 */
export function CheckoutSection({
  id,
  number,
  title,
  state,
  changeHref,
  changeLabel,
  children,
}: {
  id: string;
  number: number;
  title: string;
  state: SectionState;
  /** Where "Change" leads, for a done section. */
  changeHref?: string;
  /** What "Change" changes, for screen readers ("your details"). */
  changeLabel?: string;
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`rounded-card border bg-surface p-5 sm:p-6 ${state === "open" ? "border-line-strong shadow-sm" : "border-line"}`}
    >
      <div className="flex items-center justify-between gap-4">
        <h2 id={headingId} className={`flex items-center gap-3 text-xl ${state === "todo" ? "text-ink-muted" : ""}`}>
          <span
            aria-hidden="true"
            className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full font-sans text-sm font-semibold ${
              state === "done"
                ? "bg-success text-accent-ink"
                : state === "open"
                  ? "bg-accent text-accent-ink"
                  : "border border-line-strong text-ink-muted"
            }`}
          >
            {state === "done" ? <Icon name="check" className="size-4" /> : number}
          </span>
          {title}
          {state === "done" ? <span className="sr-only">{t("checkout.steps.done")}</span> : null}
        </h2>
        {state === "done" && changeHref ? (
          <Link to={changeHref} preventScrollReset className={`${textLinkClass} text-sm`}>
            {t("checkout.change")}
            <span className="sr-only">{t("checkout.change_name", { name: changeLabel ?? title.toLowerCase() })}</span>
          </Link>
        ) : null}
      </div>
      {state !== "todo" && children ? <div className="mt-5">{children}</div> : null}
    </section>
  );
}
