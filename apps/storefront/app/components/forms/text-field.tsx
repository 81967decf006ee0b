import { useId, type InputHTMLAttributes } from "react";
import { inputClass, labelClass } from "~/components/ui/field";
import { t } from "~/lib/i18n/messages/ui";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> {
  label: string;
  name: string;
  /** The message beside the field when its value was refused. */
  error?: string;
  /** Help shown under the label, always. */
  hint?: string;
}

/**
 * A labelled input with its hint and error tied to it (aria-describedby, aria-invalid), so a screen reader
 * reads the problem with the field.
 */
export function TextField({ label, name, error, hint, required, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? null : <span className="font-normal text-ink-muted">{t("ui.field.optional")}</span>}
      </label>
      {hint ? (
        <p id={hintId} className="-mt-0.5 mb-1.5 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <input
        {...input}
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={inputClass}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A field's error message, in the danger colour and with an icon-free "Error:" prefix for screen readers. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger">
      <span className="sr-only">{t("ui.field.error_prefix")}</span>
      {message}
    </p>
  );
}
