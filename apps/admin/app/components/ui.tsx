import type { ReactNode } from "react";
import { useInlineValidation } from "~/lib/inline-validation";
import type { FormErrors, FormRefusal } from "~/lib/forms.server";
import { words } from "~/lib/format";

/*
 * The back office's small kit of form and page parts. Every field has a visible label, its error is tied to it
 * (aria-describedby, aria-invalid), and a refused form starts with a summary that names each problem and links to
 * its field, so a keyboard or screen-reader user lands where the fix is.
 */

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

export function Card({ title, children, className = "" }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-zinc-200 bg-white p-4 shadow-sm ${className}`} aria-label={title}>
      {title ? <h2 className="mb-3 text-base font-semibold">{title}</h2> : null}
      {children}
    </section>
  );
}

const buttonStyles = {
  primary: "bg-accent-600 text-white hover:bg-accent-700 border-transparent",
  secondary: "bg-white text-zinc-900 hover:bg-zinc-100 border-zinc-400",
  danger: "bg-red-700 text-white hover:bg-red-800 border-transparent",
} as const;

export function Button({
  children,
  kind = "primary",
  name,
  value,
  type = "submit",
}: {
  children: ReactNode;
  kind?: keyof typeof buttonStyles;
  name?: string;
  value?: string;
  type?: "submit" | "button";
}) {
  return (
    <button
      type={type}
      name={name}
      value={value}
      className={`inline-flex items-center rounded-md border px-3 py-2 text-sm font-medium ${buttonStyles[kind]}`}
    >
      {children}
    </button>
  );
}

/** A link drawn as a button (a download, "view in shop"). */
export function ButtonLink({ href, children, download }: { href: string; children: ReactNode; download?: boolean }) {
  return (
    <a
      href={href}
      download={download}
      className="inline-flex items-center rounded-md border border-zinc-400 bg-white px-3 py-2 text-sm font-medium text-zinc-900 no-underline hover:bg-zinc-100 hover:no-underline"
    >
      {children}
    </a>
  );
}

interface FieldProps {
  name: string;
  label: string;
  errors?: FormErrors;
  hint?: string;
  defaultValue?: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "text" | "email";
  maxLength?: number;
}

/** A labelled text input with its hint and its error. */
export function Field({
  name,
  label,
  errors,
  hint,
  defaultValue,
  type = "text",
  required,
  autoComplete,
  inputMode,
  maxLength,
}: FieldProps) {
  const { error, events } = useInlineValidation(errors?.fields[name]);
  const described = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        {...events}
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

/** A labelled select, with a hint below its label as Field has. */
export function SelectField({
  name,
  label,
  options,
  defaultValue,
  errors,
  hint,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  errors?: FormErrors;
  hint?: string;
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
      <select
        id={name}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${name}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The problems of a refused form, first: each field's links to it. Announced as an alert. `title` says what
 * happened when it was not simply "not saved" (a bulk edit that saved some rows).
 */
export function ErrorSummary({ errors, title = "The form could not be saved:" }: { errors?: FormErrors; title?: string }) {
  if (!errors) return null;
  const fields = Object.entries(errors.fields);
  if (errors.form.length === 0 && fields.length === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.form.map((message) => (
          <li key={message}>{message}</li>
        ))}
        {fields.map(([field, message]) => (
          <li key={field}>
            <a href={`#${field}`} className="text-red-900 underline">
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A status as a small labelled badge (the text says it; the colour only helps). */
export function StatusBadge({ status }: { status: string }) {
  const tone = /cancel|reject|fail|declin/.test(status)
    ? "bg-red-100 text-red-900"
    : /deliver|paid|complete|approv|refunded|succeed|active/.test(status)
      ? "bg-green-100 text-green-900"
      : "bg-amber-100 text-amber-900";
  return <span className={`inline-block rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{words(status)}</span>;
}

/** The message a form left for this page ("Order QB-100042 marked as shipped"), announced politely. */
export function FlashMessage({ message }: { message: string | null | undefined }) {
  return (
    <div role="status" className={message ? "mb-4 rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900" : "sr-only"}>
      {message ?? ""}
    </div>
  );
}

/**
 * A list's filter: a select of a GET form, so the choice lives in the address. Either `values` (a status, a reason),
 * shown in words with "Any" first, or `options` with their own labels, the first the unfiltered one.
 */
export function FilterSelect({
  name,
  label,
  values,
  options = [{ value: "", label: "Any" }, ...(values ?? []).map((value) => ({ value, label: words(value) }))],
  defaultValue,
}: {
  name: string;
  label: string;
  values?: readonly string[];
  options?: readonly { value: string; label: string }[];
  defaultValue?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={name}
        name={name}
        defaultValue={defaultValue}
        className="max-w-64 rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A refused form of one table row (its problems as one summary), or nothing. */
export function RowRefusal({ refusal }: { refusal: FormRefusal | undefined }) {
  if (!refusal) return null;
  return (
    <div className="mt-2">
      <ErrorSummary errors={{ fields: {}, form: [...refusal.errors.form, ...Object.values(refusal.errors.fields)] }} />
    </div>
  );
}
