import { useId } from "react";
import { Form } from "react-router";
import { usePagePath } from "~/lib/page-path";
import { Button } from "~/components/ui/button";
import { selectChevronClass } from "~/components/ui/field";
import type { RootData } from "./root-data";
import { t } from "~/lib/i18n/messages/layout";

const compactSelect = `${selectChevronClass} h-9 appearance-none rounded-control border border-line-strong bg-surface bg-[length:0.875rem] bg-[right_0.5rem_center] bg-no-repeat pr-7 pl-2 text-sm text-ink`;

/**
 * Currency and delivery country. Posts to /preferences, which sets the cookies and sends the shopper back
 * to this page; prices re-render because the API client sends the new CurrencyCode. Works without
 * JavaScript (a native form with native selects).
 */
export function PreferencesForm({ data, layout }: { data: RootData; layout: "bar" | "stacked" }) {
  const id = useId();
  const here = usePagePath();
  const stacked = layout === "stacked";
  return (
    <Form
      method="post"
      action="/preferences"
      preventScrollReset
      // A new choice re-mounts the form so the selects show what is now in force.
      key={`${data.currencyCode}-${data.countryCode}`}
      className={stacked ? "grid gap-3" : "flex flex-wrap items-center gap-x-3 gap-y-2"}
      aria-label={t("layout.preferences.label")}
    >
      <input type="hidden" name="redirectTo" value={here} />
      <div className={stacked ? "grid gap-1" : "flex items-center gap-1.5"}>
        <label htmlFor={`${id}-currency`} className="text-sm text-ink-muted">
          {t("layout.preferences.currency")}
        </label>
        <select
          id={`${id}-currency`}
          name="currencyCode"
          defaultValue={data.currencyCode}
          className={`${compactSelect} ${stacked ? "h-input w-full text-base" : ""}`}
        >
          {data.currencyOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {stacked ? option.label : option.code}
            </option>
          ))}
        </select>
      </div>
      <div className={stacked ? "grid gap-1" : "flex items-center gap-1.5"}>
        <label htmlFor={`${id}-country`} className="text-sm text-ink-muted">
          {t("layout.preferences.country")}
        </label>
        <select
          id={`${id}-country`}
          name="countryCode"
          defaultValue={data.countryCode}
          className={`${compactSelect} ${stacked ? "h-input w-full text-base" : "max-w-44"}`}
        >
          {data.countryOptions.map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" size="sm" className={stacked ? "min-h-input" : ""}>
        {t("layout.preferences.submit")}
      </Button>
    </Form>
  );
}
