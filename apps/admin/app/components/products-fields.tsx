import { describedBy, FieldFrame } from "~/components/field-frame";
import type { FormErrors } from "~/lib/forms.server";
import { useInlineValidation } from "~/lib/inline-validation";

/*
 * Fields of the product page, which holds one form per variant and per picture: each field's element id is its own
 * ("v12-sku") while its name is the form's ("sku"), and its error is looked up by the id (as the error summary links
 * to it). Same look and ARIA ties as ui.tsx's Field.
 */

interface Common {
  id: string;
  name: string;
  label: string;
  errors?: FormErrors;
  hint?: string;
  defaultValue?: string;
  required?: boolean;
  maxLength?: number;
}

const inputClass = (error: string | undefined) =>
  `rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-700" : "border-zinc-500"}`;

export function TextInput({
  id,
  name,
  label,
  errors,
  hint,
  defaultValue,
  required,
  maxLength,
  inputMode,
}: Common & { inputMode?: "decimal" | "numeric" | "text" }) {
  const { error, events } = useInlineValidation(errors?.fields[id]);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        name={name}
        type="text"
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        inputMode={inputMode}
        {...events}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass(error)}
      />
    </FieldFrame>
  );
}

export function TextArea({ id, name, label, errors, hint, defaultValue, required, maxLength, rows = 3 }: Common & { rows?: number }) {
  const { error, events } = useInlineValidation(errors?.fields[id]);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        {...events}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass(error)}
      />
    </FieldFrame>
  );
}

/** A group of checkboxes of one name (categories, add-ons), under a legend. */
export function CheckboxGroup({
  id,
  name,
  legend,
  options,
  checked,
  errors,
  empty,
}: {
  id: string;
  name: string;
  legend: string;
  options: readonly { value: number; label: string; depth?: number }[];
  checked: readonly number[];
  errors?: FormErrors;
  empty: string;
}) {
  const error = errors?.fields[id];
  return (
    <fieldset id={id} className="flex flex-col gap-1" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.length === 0 ? <p className="text-sm text-zinc-600">{empty}</p> : null}
      {options.length > 0 ? (
        <div className="flex max-h-64 flex-col gap-1 overflow-y-auto rounded-md border border-zinc-300 p-2">
          {options.map((option) => (
            <label
              key={option.value}
              className="flex items-center gap-2 text-sm"
              style={{ paddingLeft: `${(option.depth ?? 0) * 1.25}rem` }}
            >
              <input type="checkbox" name={name} value={option.value} defaultChecked={checked.includes(option.value)} className="h-4 w-4" />
              {option.label}
            </label>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function Checkbox({
  id,
  name,
  label,
  defaultChecked,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  defaultChecked: boolean;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-4 w-4"
        />
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Where a product stands: in the shop, hidden, or archived (in words; the colour only helps). */
export function ProductStatus({ isPublished, archivedAt }: { isPublished: boolean; archivedAt: string | null }) {
  const [label, tone] = archivedAt
    ? ["Archived", "bg-zinc-200 text-zinc-900"]
    : isPublished
      ? ["Published", "bg-green-100 text-green-900"]
      : ["Not published", "bg-amber-100 text-amber-900"];
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{label}</span>;
}
