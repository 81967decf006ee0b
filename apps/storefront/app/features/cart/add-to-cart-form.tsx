import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { usePagePath } from "~/lib/page-path";
import { Button, type ButtonSize } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { showToast } from "~/components/ui/toast";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/lib/fetcher-response";
import { useFormIdempotencyKey } from "~/features/layout/root-data";
import { ADD_TO_CART_PATH, IDEMPOTENCY_KEY_FIELD, type AddToCartResult } from "./cart-forms";
import { t } from "~/lib/i18n/messages/cart-add";

/**
 * "Add to basket" for one variant. A plain POST form to /cart/add, so it works without JavaScript (the
 * shopper comes back to this page with a toast); once hydrated it submits through a fetcher and shows the
 * toast in place, and the header's count follows from the loaders revalidating. `children` are the form's
 * other fields: quantity and add-on choices on the product page, none on a product card (quantity 1).
 */
export function AddToCartForm({
  productVariantId,
  label = t("cart.add.label"),
  labelSuffix,
  size = "md",
  className = "",
  buttonClassName = "",
  children,
}: {
  productVariantId: number;
  label?: string;
  /** Completes the button's name for assistive technology where `label` alone is ambiguous (a grid of cards). */
  labelSuffix?: string;
  size?: ButtonSize;
  className?: string;
  buttonClassName?: string;
  children?: ReactNode;
}) {
  const fetcher = useFetcher<AddToCartResult>();
  const hydrated = useHydrated();
  const here = usePagePath();
  const idempotencyKey = useFormIdempotencyKey(productVariantId);
  const shown = useRef<AddToCartResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && shown.current !== fetcher.data) {
      shown.current = fetcher.data;
      showToast(fetcher.data.toast);
    }
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";

  return (
    <fetcher.Form method="post" action={ADD_TO_CART_PATH} className={className}>
      <input type="hidden" name="productVariantId" value={productVariantId} />
      {idempotencyKey ? <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={idempotencyKey} /> : null}
      <input type="hidden" name="redirectTo" value={here} />
      {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
      {children}
      <Button
        type="submit"
        size={size}
        // The suffix goes in the name, not in a visually hidden span: Chrome puts a space before such a span,
        // which would make the name "Add to basket : Emma".
        aria-label={labelSuffix ? t("cart.add.label_for", { label: busy ? t("cart.add.adding") : label, name: labelSuffix }) : undefined}
        aria-disabled={busy || undefined}
        onClick={(event) => {
          // Ignore a second click while the first add is on its way, rather than adding twice.
          if (busy) event.preventDefault();
        }}
        className={buttonClassName}
      >
        <Icon name="bag" className={size === "sm" ? "size-4" : "size-5"} />
        {busy ? t("cart.add.adding") : label}
      </Button>
    </fetcher.Form>
  );
}
