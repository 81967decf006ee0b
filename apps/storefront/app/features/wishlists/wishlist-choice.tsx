import type { WishlistSummary } from "@quire/contracts";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { inputClass, labelClass } from "~/components/ui/field";
import { t } from "~/lib/i18n/messages/wishlists";
import { FAVORITES_INTENTS, INTENT_FIELD } from "~/lib/form-intents";

/**
 * The customer's lists as radio options labelled by name, posted as `wishlistId`: native
 * radio inputs in a fieldset, so the choice posts without JavaScript too and the browser gives the arrow
 * keys. Each input is visually hidden inside its label, whose look follows :checked and :focus-visible.
 */
export function WishlistRadioGroup({
  lists,
  value,
  defaultValue,
  onChange,
}: {
  lists: WishlistSummary[];
  /** Controlled choice (the dialog); leave undefined to let the inputs keep it (the page without JavaScript). */
  value?: number | null;
  defaultValue?: number | null;
  onChange?: (wishlistId: number) => void;
}) {
  if (lists.length === 0) return <p className="text-sm text-ink-muted">{t("wishlists.select.no_lists")}</p>;
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-semibold text-ink">{t("wishlists.your_lists")}</legend>
      <div className="flex max-h-72 flex-col gap-2 overflow-y-auto p-1">
        {lists.map((list) => (
          <label
            key={list.id}
            className="group relative flex min-h-input cursor-pointer items-center gap-3 rounded-control border border-line-strong bg-surface px-4 py-2.5 text-base outline-accent outline-offset-2 transition-colors hover:border-ink has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:ring-1 has-[:checked]:ring-accent has-[:focus-visible]:outline-3"
          >
            <input
              type="radio"
              name="wishlistId"
              value={list.id}
              {...(value === undefined ? { defaultChecked: defaultValue === list.id } : { checked: value === list.id })}
              onChange={() => onChange?.(list.id)}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className="size-4 shrink-0 rounded-full border-2 border-line-strong group-has-[:checked]:border-accent group-has-[:checked]:bg-accent group-has-[:checked]:shadow-[inset_0_0_0_2px_white]"
            />
            <span className="min-w-0 flex-1 font-medium break-words">{list.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The fields that create a list (intent "create"): a name and a button, inside the caller's form. */
export function NewListFields({ error, disabled = false, defaultValue }: { error?: string; disabled?: boolean; defaultValue?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <input type="hidden" name={INTENT_FIELD} value={FAVORITES_INTENTS.create} />
      <label htmlFor={`${id}-name`} className={labelClass}>
        {t("wishlists.new_list_name")}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={defaultValue}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} min-w-0 flex-1 basis-48`}
        />
        <Button type="submit" variant="secondary" disabled={disabled}>
          {t("wishlists.create_list")}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
