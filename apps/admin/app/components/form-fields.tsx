import type { ReactNode } from "react";
import type { FormErrors } from "~/lib/forms.server";

/*
 * Form parts the kit in ui.tsx lacks, used by the discounts, customers and content pages: a labelled text area, a
 * labelled checkbox, a group of fields under a legend, and a search field for a list's GET form. Each ties its error
 * to its control as Field does.
 */

const controlClass = (error: string | undefined) =>
  `rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-700" : "border-zinc-500"}`;

function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function Hint({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={`${id}-hint`} className="text-sm text-zinc-600">
      {text}
    </p>
  ) : null;
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

export function TextAreaField({
  name,
  label,
  errors,
  hint,
  defaultValue,
  required,
  rows = 4,
  maxLength,
  mono,
}: {
  name: string;
  label: string;
  errors?: FormErrors;
  hint?: string;
  defaultValue?: string;
  required?: boolean;
  rows?: number;
  maxLength?: number;
  mono?: boolean;
}) {
  const error = errors?.fields[name];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <Hint id={name} text={hint} />
      <textarea
        id={name}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, hint, error)}
        className={`${controlClass(error)} ${mono ? "font-mono" : ""}`}
      />
      <ErrorText id={name} error={error} />
    </div>
  );
}

export function CheckboxField({
  name,
  label,
  hint,
  defaultChecked,
  errors,
}: {
  name: string;
  label: string;
  hint?: string;
  defaultChecked?: boolean;
  errors?: FormErrors;
}) {
  const error = errors?.fields[name];
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={name}
          name={name}
          type="checkbox"
          value="on"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(name, hint, error)}
          className="h-4 w-4"
        />
        <label htmlFor={name} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <Hint id={name} text={hint} />
      <ErrorText id={name} error={error} />
    </div>
  );
}

/** Fields that belong together (the amounts per currency), under a legend; `id` is where the summary's link lands. */
export function FieldGroup({
  id,
  legend,
  hint,
  errors,
  children,
}: {
  id: string;
  legend: string;
  hint?: string;
  errors?: FormErrors;
  children: ReactNode;
}) {
  const error = errors?.fields[id];
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(id, hint, error)}
      className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3"
    >
      <legend className="px-1 text-sm font-medium">{legend}</legend>
      <Hint id={id} text={hint} />
      <div className="flex flex-wrap gap-3">{children}</div>
      <ErrorText id={id} error={error} />
    </fieldset>
  );
}

/** A list's search box, for a GET form. */
export function SearchInput({
  name = "q",
  label,
  defaultValue,
  maxLength = 100,
}: {
  name?: string;
  label: string;
  defaultValue?: string;
  maxLength?: number;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type="search"
        defaultValue={defaultValue}
        maxLength={maxLength}
        className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
      />
    </div>
  );
}

/** The GET form's button. */
export function FilterButton({ children = "Filter" }: { children?: ReactNode }) {
  return (
    <button type="submit" className="rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium hover:bg-zinc-100">
      {children}
    </button>
  );
}
