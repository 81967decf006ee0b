import { Icon } from "~/components/ui/icon";

/**
 * Why the basket cannot be ordered yet: below the store's minimum order value (docs/storefront-behaviour/basket.md).
 * The basket and the checkout's "Place order" both show it; `id` lets the blocked button point at it
 * (aria-describedby).
 */
export function MinimumOrderNotice({ message }: { message: string }) {
  return (
    <p
      id="minimum-order"
      role="status"
      className="flex items-start gap-2 rounded-control border border-warning/40 bg-warning-soft px-3 py-2 text-sm"
    >
      <Icon name="info" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
