import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@quire/contracts/constants";
import { useId, useState } from "react";
import { inputClass, labelClass } from "~/components/ui/field";
import { describePasswordStrength } from "./password-strength";
import { FieldError } from "~/components/forms/text-field";
import { t } from "~/lib/i18n/messages/auth";

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password";
  error?: string;
  /** A new password: shows the rules and the strength indicator. */
  isNew?: boolean;
  /** The customer's own details (email, names), which make a password weaker. */
  context?: readonly string[];
  autoFocus?: boolean;
}

/**
 * A password input. For a new password it states the rule and, as the customer types, a strength
 * indicator in colour and in words, announced politely (aria-live) so it does not interrupt typing. The
 * rule alone is enough without JavaScript; the API checks the password either way.
 */
export function PasswordField({ label, name, autoComplete, error, isNew = false, context = [], autoFocus }: PasswordFieldProps) {
  const id = useId();
  const [value, setValue] = useState("");
  const hintId = isNew ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const strengthId = `${id}-strength`;
  const strength = isNew ? describePasswordStrength(value, context) : null;

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {isNew ? (
        <p id={hintId} className="-mt-0.5 mb-1.5 text-sm text-ink-muted">
          {t("auth.password.hint", { min: PASSWORD_MIN_LENGTH })}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        minLength={isNew ? PASSWORD_MIN_LENGTH : undefined}
        maxLength={PASSWORD_MAX_LENGTH}
        autoFocus={autoFocus}
        onChange={(event) => setValue(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, isNew ? strengthId : undefined, errorId].filter(Boolean).join(" ") || undefined}
        className={inputClass}
      />
      {isNew ? (
        <div id={strengthId} aria-live="polite" className="mt-2 min-h-6">
          {strength ? (
            <>
              <div className="flex gap-1" aria-hidden="true">
                {[1, 2, 3].map((segment) => (
                  <span key={segment} className={`h-1.5 flex-1 rounded-full ${segment <= strength.filled ? strength.bar : "bg-line"}`} />
                ))}
              </div>
              <p className="mt-1.5 text-sm">
                <span className={`font-semibold ${strength.text}`}>{t("auth.password.strength", { strength: strength.label })}</span>{" "}
                <span className="text-ink-muted">{strength.advice}</span>
              </p>
            </>
          ) : null}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
