import { MAX_ADDON_PRODUCTS } from "@quire/contracts/constants";
import { cartLinesOf, isTracked, pageEcommerceEvents, trackQuantityChange } from "~/features/analytics/ecommerce.server";
import type { Addon, Cart } from "@quire/contracts";
import { data, Form } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import type { ToastMessage } from "~/components/ui/toast";
import type { FormError } from "~/components/forms/form-errors";
import { DismissNoticesForm } from "~/features/cart/acknowledge-notices";
import { CartLine } from "~/features/cart/cart-line";
import { ADDONS_APPLY_ALL, ADDONS_APPLY_FIELD, ADDONS_FORM_ID, parseAddonsForm, QUANTITY_MESSAGE } from "~/features/cart/cart-forms";
import { ChangeQuantityFormSchema, QuickOrderFormSchema, RemoveLineFormSchema } from "~/features/cart/cart-forms.server";
import { CartNotices, groupNotices } from "~/features/cart/cart-notices";
import { CartSummary } from "~/features/cart/cart-summary";
import { changeCartQuantity, getCart, removeCartLines, setCartAddonsBulk, setCartLineAddons } from "~/features/cart/cart.server";
import { QuickOrderForm, type QuickOrderResult } from "~/features/cart/quick-order-form";
import { placeQuickOrder } from "~/features/cart/quick-order.server";
import { useCatalogSettings } from "~/features/catalog/use-catalog-settings";
import { t as toastText } from "~/lib/i18n/translate";
import { t } from "~/lib/i18n/messages/cart";
import { t as actionText } from "~/lib/i18n/messages/cart-server";
import { pageTitle } from "~/features/layout/meta";
import { useRootData } from "~/features/layout/root-data";
import { listRecentlyViewed } from "~/features/recently-viewed/recently-viewed.server";
import { StreamedProductRow } from "~/features/catalog/product-card";
import { RecentlyViewedRow } from "~/features/recently-viewed/recently-viewed-row";
import { listRecommendations } from "~/features/recommendations/recommendations.server";
import { getViewer } from "~/features/recently-viewed/viewer.server";
import { ApiRequestError } from "~/lib/api.server";
import { errorToastOf } from "~/lib/api-failure.server";
import { apiContext } from "~/lib/context.server";
import { redirectWithToast } from "~/lib/flash.server";
import { CART_INTENTS, INTENT_FIELD } from "~/lib/form-intents";
import { dispatchIntent, intent, NoFieldsFormSchema } from "~/lib/form-intents.server";
import { getStoreSettings } from "~/lib/shop-data.server";
import type { Route } from "./+types/cart";

const CART_PATH = "/cart";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("cart.title"), matches) }, { name: "robots", content: "noindex" }];
}

/**
 * The add-ons each product in the cart offers, in one call however many lines (GET /add-ons/by-product; a
 * basket of more than MAX_ADDON_PRODUCTS different books takes one more per hundred); a product that is gone
 * or hidden simply offers none. The page still shows the lines when the call fails.
 */
async function listLineAddons(context: Route.LoaderArgs["context"], cart: Cart | null): Promise<Record<number, Addon[]>> {
  const productIds = [...new Set(cart?.lineItems.map((line) => line.productId) ?? [])];
  const batches = Array.from({ length: Math.ceil(productIds.length / MAX_ADDON_PRODUCTS) }, (_, index) =>
    productIds.slice(index * MAX_ADDON_PRODUCTS, (index + 1) * MAX_ADDON_PRODUCTS),
  );
  const api = context.get(apiContext);
  try {
    const answers = await Promise.all(batches.map((ProductIds) => api.call("listAddonsByProduct", { query: { ProductIds } })));
    return Object.fromEntries(answers.flatMap(({ data }) => data.map((entry) => [entry.productId, entry.addons])));
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    console.warn("The add-ons of the basket's products could not be read:", error.message);
    return {};
  }
}

/**
 * /cart: the lines (awaited, with the add-ons each product offers) and, streamed, what is often bought with the
 * first line's book, and recently viewed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await getCart(context);
  const addons = await listLineAddons(context, cart);
  const recentlyViewed = listRecentlyViewed(context, await getViewer(context, request));
  const firstLine = cart?.lineItems[0];
  const boughtTogether = firstLine
    ? listRecommendations(context, "bought-together", { variantId: firstLine.variant.id })
    : Promise.resolve([]);
  const analytics = await pageEcommerceEvents(context, cart ? [{ event: "view_cart", lines: cartLinesOf(cart.lineItems) }] : []);
  return { cart, addons, recentlyViewed, boughtTogether, analytics };
}

/** The line a form is about to change, as the analytics of the change need it (tracked shoppers only). */
async function lineBeforeChange(context: Route.ActionArgs["context"], lineItemId: number) {
  if (!isTracked(context)) return undefined;
  return (await getCart(context))?.lineItems.find((line) => line.lineItemId === lineItemId);
}

/**
 * The cart page's forms, by intent: a line's quantity, a line's removal, add-ons (one line or all), and
 * quick order. Changes answer with a redirect back here and a toast (so a reload never posts twice), a
 * refused field included; a quick order answers its report as data, to show beside the form.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const back = (toast: ToastMessage) => redirectWithToast(CART_PATH, toast, { status: 303 });
  const invalid = (errors: FormError[]) => back({ kind: "error", message: errors[0]?.message ?? QUANTITY_MESSAGE });
  // A refusal by the API comes back as its first error, as a toast.
  const changing = async (change: () => Promise<Response>) => {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      return back(errorToastOf(error));
    }
  };

  return dispatchIntent(await request.formData(), {
    [CART_INTENTS.quantity]: intent({
      schema: ChangeQuantityFormSchema,
      invalid,
      run: ({ lineItemId, quantity }) =>
        changing(async () => {
          const before = await lineBeforeChange(context, lineItemId);
          await changeCartQuantity(context, { lineItemId, quantity });
          trackQuantityChange(context, before, quantity);
          return back({ kind: "success", message: quantity === 0 ? actionText("cart.removed") : actionText("cart.updated") });
        }),
    }),
    [CART_INTENTS.remove]: intent({
      schema: RemoveLineFormSchema,
      invalid,
      run: ({ lineItemId }) =>
        changing(async () => {
          const before = await lineBeforeChange(context, lineItemId);
          await removeCartLines(context, [lineItemId]);
          trackQuantityChange(context, before, 0);
          return back({ kind: "success", message: actionText("cart.removed") });
        }),
    }),
    [CART_INTENTS.addons]: intent({
      schema: NoFieldsFormSchema,
      run: (_, form) =>
        changing(async () => {
          const choice = parseAddonsForm(form);
          if (!choice.ok) return back({ kind: "error", message: choice.message });
          const [single] = choice.value.items;
          if (choice.value.bulk || !single) await setCartAddonsBulk(context, choice.value.items);
          else await setCartLineAddons(context, single);
          return back({ kind: "success", message: toastText("toast.addons_updated") });
        }),
    }),
    [CART_INTENTS.quickOrder]: intent({
      schema: QuickOrderFormSchema,
      run: async ({ idempotencyKey }, form) => {
        if (!(await getStoreSettings()).isQuickOrderEnabled)
          return back({ kind: "error", message: actionText("cart.quick_order.unavailable") });
        const { outcomes, headers } = await placeQuickOrder(context, form, idempotencyKey);
        const result: QuickOrderResult = { id: crypto.randomUUID(), outcomes };
        return data({ quickOrder: result }, { headers });
      },
    }),
  });
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, addons, recentlyViewed, boughtTogether } = loaderData;
  const { inventoryAvailability, showSkus } = useCatalogSettings();
  const quickOrderEnabled = useRootData()?.settings.isQuickOrderEnabled ?? false;
  const lines = cart?.lineItems ?? [];
  const { generic, byLine } = groupNotices(cart?.notifications ?? []);
  const linesWithAddons = lines.filter((line) => (addons[line.productId] ?? []).length > 0);

  return (
    <Container className="py-6 sm:py-10">
      <h1 className="text-title">{t("cart.title")}</h1>
      <div role="status" className="mt-4 empty:hidden">
        <CartNotices notices={generic} label={t("cart.changes_label")} />
      </div>
      {/* With JavaScript the header acknowledges them once shown (CartChangedNotice); without, this does. */}
      <DismissNoticesForm notices={cart?.notifications ?? []} className="mt-3" />

      {lines.length === 0 ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-card border border-line bg-surface p-6">
          <p className="flex items-center gap-2 text-lg">
            <Icon name="bag" className="size-6 text-ink-muted" />
            {t("cart.empty")}
          </p>
          <ButtonLink to="/store">{t("cart.browse")}</ButtonLink>
        </div>
      ) : (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)] lg:items-start">
          <div>
            <ul aria-label={t("cart.items_label")} className="border-t border-line">
              {lines.map((line) => (
                <CartLine
                  key={line.lineItemId}
                  line={line}
                  addons={addons[line.productId] ?? []}
                  notices={byLine.get(line.lineItemId) ?? []}
                  showSkus={showSkus}
                  inventoryMode={inventoryAvailability}
                />
              ))}
            </ul>
            {/* The add-on fields of every line belong to this form (their `form` attribute). */}
            <Form id={ADDONS_FORM_ID} method="post" preventScrollReset className="mt-4 flex justify-end">
              <input type="hidden" name={INTENT_FIELD} value={CART_INTENTS.addons} />
              {linesWithAddons.length > 1 ? (
                <Button type="submit" name={ADDONS_APPLY_FIELD} value={ADDONS_APPLY_ALL} variant="secondary">
                  {t("cart.update_all_addons")}
                </Button>
              ) : null}
            </Form>
          </div>
          <div data-side-summary className="flex flex-col gap-6 lg:sticky lg:top-6">
            {cart ? <CartSummary cart={cart} /> : null}
          </div>
        </div>
      )}

      {quickOrderEnabled ? (
        <div className="mt-10 max-w-2xl">
          <QuickOrderForm result={actionData && "quickOrder" in actionData ? actionData.quickOrder : undefined} />
        </div>
      ) : null}

      <StreamedProductRow id="bought-together" title={t("cart.bought_together")} products={boughtTogether} />
      <RecentlyViewedRow products={recentlyViewed} />
    </Container>
  );
}
