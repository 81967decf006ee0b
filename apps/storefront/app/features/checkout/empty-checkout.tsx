import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { t } from "~/lib/i18n/messages/checkout-page";

/** Checkout with nothing to check out: an empty basket, or one that has become an order. */
export function EmptyCheckout() {
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 rounded-card border border-line bg-surface p-6">
        <h1 className="text-title">{t("checkout.title")}</h1>
        <p className="flex items-center gap-2 text-lg">
          <Icon name="bag" className="size-6 text-ink-muted" />
          {t("checkout.empty")}
        </p>
        <p className="text-ink-muted">{t("checkout.empty_hint")}</p>
        <ButtonLink to="/store">{t("checkout.browse")}</ButtonLink>
      </div>
    </Container>
  );
}
