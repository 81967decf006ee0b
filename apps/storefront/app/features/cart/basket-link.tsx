import { NavLink } from "react-router";
import { Icon } from "~/components/ui/icon";
import { t } from "~/lib/i18n/messages/layout";

/** "Basket, 3 items": the link's name and what the live region announces when the count changes. */
export function basketLabel(count: number): string {
  if (count === 0) return t("layout.basket.label_empty");
  return count === 1 ? t("layout.basket.label_one") : t("layout.basket.label", { count });
}

/**
 * The header's basket link with the number of items in the cart (units across its lines, as the API
 * counts them). The badge is for the eye; the link's name carries the count, and a polite live region
 * announces a change (after "Add to basket") without moving focus.
 */
export function BasketLink({ count }: { count: number }) {
  const label = basketLabel(count);
  return (
    <>
      <NavLink
        to="/cart"
        aria-label={label}
        className="relative inline-flex size-11 items-center justify-center gap-2 rounded-control text-ink hover:bg-ink/5 aria-[current=page]:text-accent xl:w-auto xl:px-3"
      >
        <Icon name="bag" className="size-6" />
        <span aria-hidden="true" className="sr-only xl:not-sr-only xl:text-sm xl:font-medium">
          {t("layout.basket")}
        </span>
        {count > 0 ? (
          // The number is drawn from data-count by CSS, so it is not text: the link's name already says it, and
          // as text it would run into "Basket" ("Basket2") and no longer match the name (WCAG 2.5.3).
          <span
            aria-hidden="true"
            data-count={count > 99 ? "99+" : count}
            className="absolute top-0.5 right-0 grid h-5 min-w-5 place-items-center rounded-full bg-accent px-1 text-xs font-semibold text-accent-ink tabular-nums after:content-[attr(data-count)] xl:static xl:h-6 xl:min-w-6"
          />
        ) : null}
      </NavLink>
      <span role="status" className="sr-only">
        {label}
      </span>
    </>
  );
}
