import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { INTENT_FIELD } from "~/lib/form-intents";
import { t } from "~/lib/i18n/messages/withdrawal";
import { WITHDRAWAL_FIELDS, WITHDRAWAL_INTENTS } from "./withdrawal-form";
import { WITHDRAW_PATH, withdrawOrderPath } from "./withdrawal-paths";

/*
 * "Withdraw from this order" on an order's pages (decision 061), straight to choosing its items at /withdraw. Shown
 * only for an order that may be withdrawn from (withdrawal-paths.ts: buyerMayWithdraw).
 */

/** On a signed-in customer's order page: a link, since the order's id is no secret. */
export function WithdrawFromOrderLink({ orderId }: { orderId: number }) {
  return (
    <Link to={withdrawOrderPath(orderId)} className={buttonClass({ variant: "secondary" })}>
      {t("withdrawal.from_order")}
    </Link>
  );
}

/**
 * On an order link's page (/order-status/:token): a form posting the token in a hidden field, never in an address
 * (addresses end up in logs and Referer headers).
 */
export function WithdrawFromOrderForm({ token }: { token: string }) {
  return (
    <Form method="post" action={WITHDRAW_PATH}>
      <input type="hidden" name={INTENT_FIELD} value={WITHDRAWAL_INTENTS.find} />
      <input type="hidden" name={WITHDRAWAL_FIELDS.token} value={token} />
      <Button type="submit" variant="secondary">
        {t("withdrawal.from_order")}
      </Button>
    </Form>
  );
}
