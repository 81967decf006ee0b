import { formatMoney } from "@quire/money";
import { t } from "~/lib/i18n/messages/account";

interface CreditMeterProps {
  /** Minor units, as the API answered them. */
  used: number;
  limit: number;
  currencyCode: string;
  /** The id of the heading that names this credit, so the meter is announced as "Credit in GBP". */
  labelledBy: string;
}

/** Past this share of the limit the bar turns to the warning colour: little is left to order on account. */
const NEARLY_USED = 0.9;

/**
 * How much of a credit limit is in use, as a bar. It is an ARIA meter with its value in words ("£25.00 of
 * £1,000.00 used"), so a screen reader hears what the bar shows; the figures beside it say the same.
 */
export function CreditMeter({ used, limit, currencyCode, labelledBy }: CreditMeterProps) {
  const share = limit > 0 ? Math.min(1, used / limit) : 0;
  const percent = Math.round(share * 100);
  return (
    <div
      role="meter"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={Math.min(used, limit)}
      aria-valuetext={
        used > 0
          ? t("account.credit_meter.used", { used: formatMoney(used, currencyCode), limit: formatMoney(limit, currencyCode), percent })
          : t("account.credit_meter.none_used", { limit: formatMoney(limit, currencyCode) })
      }
      className="h-3 overflow-hidden rounded-full bg-sunk ring-1 ring-line ring-inset"
    >
      <div
        className={`h-full rounded-full ${share >= NEARLY_USED ? "bg-warning" : "bg-accent"}`}
        // A used credit always shows a sliver, so "some in use" never looks like "none".
        style={{ width: used > 0 ? `max(${percent}%, 0.5rem)` : "0" }}
      />
    </div>
  );
}
