import type { FormErrors } from "~/lib/forms.server";

/** A labelled text area with its hint and its error (as the kit's Field, for text of several lines). */
export function TextAreaField({
  name,
  label,
  hint,
  defaultValue,
  maxLength,
  errors,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultValue?: string;
  maxLength?: number;
  errors?: FormErrors;
}) {
  const error = errors?.fields[name];
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      <textarea
        id={name}
        name={name}
        rows={3}
        defaultValue={defaultValue}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-700" : "border-zinc-500"}`}
      />
      {error ? (
        <p id={`${name}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled checkbox ("on" when ticked, absent when not), with its hint. */
export function CheckboxField({
  name,
  label,
  hint,
  defaultChecked,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked?: boolean;
}) {
  return (
    <div className="flex items-start gap-2">
      <input
        id={name}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby={hint ? `${name}-hint` : undefined}
        className="mt-1 size-4"
      />
      <div>
        <label htmlFor={name} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${name}-hint`} className="text-sm text-zinc-600">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
