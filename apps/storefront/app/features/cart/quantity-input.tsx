import { MAX_CART_LINE_QUANTITY } from "@quire/contracts/constants";
import { inputClass, labelClass } from "~/components/ui/field";

/**
 * A labelled whole-number quantity: min 1, step 1, a numeric keypad on phones. The label may be visually
 * hidden (on a cart line, where the line's title says what it is for) but is always there for assistive
 * technology. `form` ties the input to a form elsewhere in the page.
 */
export function QuantityInput({
  id,
  label,
  defaultValue = 1,
  hideLabel = false,
  form,
  name = "quantity",
  className = "",
}: {
  id: string;
  label: string;
  defaultValue?: number | string;
  hideLabel?: boolean;
  form?: string;
  name?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : labelClass}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        form={form}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_CART_LINE_QUANTITY}
        step={1}
        required
        defaultValue={defaultValue}
        className={`${inputClass} w-24 text-center tabular-nums`}
      />
    </div>
  );
}
