import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { successfulOrderPath } from "~/features/checkout/checkout-forms";
import { readLastOrder } from "~/features/checkout/last-order.server";
import { pageTitle } from "~/features/layout/meta";
import type { Route } from "./+types/successful-order";
import { t } from "~/lib/i18n/messages/checkout-page";
import { textAround } from "~/lib/i18n/translator";

/**
 * /successful-order without an id: a short page that points to the last order this browser placed, or to
 * the shop when it has placed none. The order itself is read (and its buyer checked) on its own page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lastOrder = await readLastOrder(request);
  return { lastOrder: lastOrder ? { id: lastOrder.id, publicId: lastOrder.publicId } : null };
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(t("checkout.done.your_order"), matches) }, { name: "robots", content: "noindex" }];
}

export default function SuccessfulOrderIndex({ loaderData }: Route.ComponentProps) {
  const { lastOrder } = loaderData;
  const latest = textAround(t("checkout.done.latest"), "number");
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto flex max-w-xl flex-col items-start gap-4 rounded-card border border-line bg-surface p-6">
        <h1 className="text-title">{t("checkout.done.your_order")}</h1>
        {lastOrder ? (
          <>
            <p className="flex items-center gap-2 text-lg">
              <Icon name="check" className="size-6 text-success" />
              {latest[0]}
              <strong className="font-mono">{lastOrder.publicId}</strong>
              {latest[1]}
            </p>
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={successfulOrderPath(lastOrder.id)}>{t("checkout.pay.view_order")}</ButtonLink>
              <ButtonLink to="/store" variant="secondary">
                {t("checkout.done.continue")}
              </ButtonLink>
            </div>
          </>
        ) : (
          <>
            <p className="text-lg">{t("checkout.done.none")}</p>
            <ButtonLink to="/store">{t("checkout.browse")}</ButtonLink>
          </>
        )}
      </div>
    </Container>
  );
}
