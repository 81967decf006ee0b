import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";

/** Checkout with nothing to check out: an empty basket, or one that has become an order. */
export function EmptyCheckout() {
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 rounded-card border border-line bg-surface p-6">
        <h1 className="text-title">Checkout</h1>
        <p className="flex items-center gap-2 text-lg">
          <Icon name="bag" className="size-6 text-ink-muted" />
          Your basket is empty.
        </p>
        <p className="text-ink-muted">Add a book or two to your basket, then come back here to order.</p>
        <ButtonLink to="/store">Browse the shop</ButtonLink>
      </div>
    </Container>
  );
}
