import { NavLink } from "react-router";
import { useInlineValidation } from "~/lib/inline-validation";

/*
 * Fields for pages with many small forms (a row each, as on the staff, tax and delivery pages): each has its own
 * id, apart from its name, so two rows' fields never share one; the label, hint and error are tied to it as
 * ui.tsx's Field does.
 */

interface InlineFieldProps {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "decimal" | "text" | "email";
  maxLength?: number;
  size?: number;
}

function describedBy(id: string, hint?: string, error?: string) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm text-red-800">
      {error}
    </p>
  ) : null;
}

/** A labelled text input whose id is its own. */
export function InlineField({
  id,
  name,
  label,
  hint,
  defaultValue,
  type = "text",
  required,
  autoComplete,
  inputMode,
  maxLength,
  size,
  error: serverError,
}: InlineFieldProps) {
  const { error, events } = useInlineValidation(serverError);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        size={size}
        {...events}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-700" : "border-zinc-500"}`}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled select whose id is its own. */
export function InlineSelect({
  id,
  name,
  label,
  options,
  defaultValue,
  error,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  defaultValue?: string;
  error?: string;
  hint?: string;
}) {
  return (
    <div className="flex max-w-full min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className="rounded-md border border-zinc-500 bg-white px-3 py-2 text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled checkbox: sent as "on" when ticked, absent when not. */
export function CheckboxField({
  id,
  name,
  label,
  defaultChecked,
  hint,
  error,
}: {
  id: string;
  name: string;
  label: string;
  defaultChecked?: boolean;
  hint?: string;
  error?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className="mt-1 size-4"
        />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="pl-6 text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A labelled text area. */
export function TextAreaField({
  id,
  name,
  label,
  defaultValue,
  error: serverError,
  hint,
  maxLength,
  rows = 4,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  maxLength?: number;
  rows?: number;
}) {
  const { error, events } = useInlineValidation(serverError);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-zinc-600">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        rows={rows}
        {...events}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? "border-red-700" : "border-zinc-500"}`}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

const SETTINGS_PAGES = [
  { to: "/settings", label: "Overview" },
  { to: "/settings/shop", label: "Shop details" },
  { to: "/settings/delivery", label: "Delivery" },
  { to: "/settings/tax", label: "Tax" },
  { to: "/settings/payments", label: "Payments" },
  { to: "/settings/jobs", label: "Failed jobs" },
] as const;

/** The settings' own pages, as a row of links under the heading. */
export function SettingsNav() {
  return (
    <nav aria-label="Settings pages" className="mb-6">
      <ul className="flex flex-wrap gap-2 text-sm">
        {SETTINGS_PAGES.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to}
              end
              className={({ isActive }) =>
                `block rounded-md border px-3 py-1.5 no-underline hover:bg-zinc-100 hover:no-underline ${isActive ? "border-zinc-800 bg-zinc-100 font-semibold text-zinc-900" : "border-zinc-300 text-zinc-800"}`
              }
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
