import type { WishlistSummary } from "@quire/contracts";
import { useId } from "react";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { Button } from "~/components/ui/button";
import { inputClass, labelClass } from "~/components/ui/field";
import { t } from "~/features/i18n/translate";
import { FAVORITES_INTENTS, INTENT_FIELD } from "~/lib/form-intents";

/**
 * The customer's lists as radio options labelled by name (spec section 2), posted as `wishlistId`. React
 * Aria renders real radio inputs, so the choice posts without JavaScript too; the look follows :checked.
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
    <RadioGroup
      name="wishlistId"
      value={value === undefined ? undefined : value === null ? null : String(value)}
      defaultValue={defaultValue == null ? undefined : String(defaultValue)}
      onChange={(next) => onChange?.(Number(next))}
      className="flex flex-col gap-2"
    >
      <Label className="text-sm font-semibold text-ink">Your lists</Label>
      <div className="flex max-h-72 flex-col gap-2 overflow-y-auto p-1">
        {lists.map((list) => (
          <Radio
            key={list.id}
            value={String(list.id)}
            className="group flex min-h-input cursor-pointer items-center gap-3 rounded-control border border-line-strong bg-surface px-4 py-2.5 text-base outline-accent outline-offset-2 transition-colors hover:border-ink has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:ring-1 has-[:checked]:ring-accent has-[:focus-visible]:outline-3"
          >
            <span
              aria-hidden="true"
              className="size-4 shrink-0 rounded-full border-2 border-line-strong group-has-[:checked]:border-accent group-has-[:checked]:bg-accent group-has-[:checked]:shadow-[inset_0_0_0_2px_white]"
            />
            <span className="min-w-0 flex-1 font-medium break-words">{list.name}</span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}

/** The fields that create a list (intent "create"): a name and a button, inside the caller's form. */
export function NewListFields({ error, disabled = false, defaultValue }: { error?: string; disabled?: boolean; defaultValue?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <input type="hidden" name={INTENT_FIELD} value={FAVORITES_INTENTS.create} />
      <label htmlFor={`${id}-name`} className={labelClass}>
        New list name
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
          Create list
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
