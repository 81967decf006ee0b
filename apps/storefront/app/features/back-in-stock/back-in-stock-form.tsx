import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass, labelClass } from "~/components/ui/field";
import { Icon } from "~/components/ui/icon";
import { INTENT_FIELD, PRODUCT_PAGE_INTENTS } from "~/lib/form-intents";
import { t } from "~/lib/i18n/messages/back-in-stock";

/** What the product page's action said about this form when it refused it. */
export interface BackInStockFormState {
  email: string;
  error: string;
}

/**
 * "Email me when it's back", on a product page whose chosen variant is out of stock and cannot be ordered.
 * Anonymous visitors give an email address, which they confirm from an emailed link (double opt-in); a
 * signed-in customer is emailed at their account's. Posts to the product page itself, so it works without
 * JavaScript.
 */
export function BackInStockForm({
  productVariantId,
  variantName,
  signedIn,
  state,
}: {
  productVariantId: number;
  variantName: string;
  signedIn: boolean;
  state?: BackInStockFormState;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === PRODUCT_PAGE_INTENTS.backInStock;
  const errorId = "back-in-stock-error";
  return (
    <Form
      method="post"
      preventScrollReset
      className="flex flex-col gap-3 rounded-control border border-line bg-sunk p-4"
      aria-labelledby="back-in-stock-title"
    >
      <h2 id="back-in-stock-title" className="flex items-center gap-2 font-sans text-base font-semibold">
        <Icon name="info" className="size-5 text-info" />
        {t("back_in_stock.form.title", { variant: variantName.toLowerCase() })}
      </h2>
      <p className="text-sm text-ink-muted">{signedIn ? t("back_in_stock.form.signed_in") : t("back_in_stock.form.guest")}</p>
      <input type="hidden" name={INTENT_FIELD} value={PRODUCT_PAGE_INTENTS.backInStock} />
      <input type="hidden" name="productVariantId" value={productVariantId} />
      {signedIn ? null : (
        <div>
          <label htmlFor="back-in-stock-email" className={labelClass}>
            {t("back_in_stock.form.email")}
          </label>
          <input
            id="back-in-stock-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={state?.email}
            aria-invalid={state?.error ? true : undefined}
            aria-describedby={state?.error ? errorId : undefined}
            className={inputClass}
          />
        </div>
      )}
      {state?.error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {state.error}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" className="self-start" aria-disabled={busy || undefined}>
        {t("back_in_stock.form.submit")}
      </Button>
    </Form>
  );
}
