import { Link, Outlet, useMatches } from "react-router";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { CheckoutStepper, isCheckoutStep, type CheckoutStep } from "~/features/checkout/checkout-stepper";
import { Logo } from "~/components/ui/logo";
import { useRootData } from "~/features/layout/root-data";
import { FALLBACK_STORE_NAME } from "~/lib/store-name";
import { SmallFooter } from "~/features/layout/site-footer";
import { MAIN_CONTENT_ID, SkipLink } from "~/features/layout/skip-link";
import { t } from "~/lib/i18n/messages/checkout-page";

/** The step to highlight: the checkout route's loader returns it as `checkoutStep` (0 to 4). */
function useCheckoutStep(): CheckoutStep {
  const page = useMatches().at(-1)?.loaderData;
  const step = typeof page === "object" && page !== null && "checkoutStep" in page ? page.checkoutStep : 0;
  return isCheckoutStep(step) ? step : 0;
}

/** The checkout layout: a quiet header, the stepper, the page and a small footer. */
export default function CheckoutLayout() {
  const storeName = useRootData()?.settings.name ?? FALLBACK_STORE_NAME;
  const step = useCheckoutStep();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="border-b border-line bg-paper">
        <Container className="flex h-16 items-center justify-between gap-4 md:h-20">
          <Logo storeName={storeName} />
          <div className="flex items-center gap-4 text-sm font-medium sm:gap-6">
            <p className="hidden items-center gap-2 text-ink-muted sm:inline-flex">
              <Icon name="lock" className="size-4" /> {t("checkout.layout.secure")}
            </p>
            <Link to="/cart" className="text-accent underline-offset-3 hover:underline">
              {t("checkout.layout.back_to_basket")}
            </Link>
          </div>
        </Container>
        <div className="border-t border-line bg-sunk">
          <Container className="py-3 sm:py-4">
            <CheckoutStepper current={step} />
          </Container>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SmallFooter storeName={storeName} />
    </div>
  );
}
