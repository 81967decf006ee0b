import { useId } from "react";
import { textLinkClass } from "~/components/ui/button";
import { FieldError } from "./text-field";

/**
 * "I accept the privacy policy": its value is the current policy's id, which the completion call records
 * as accepted (so a new customer is not sent to /privacy-policy straight after signing up).
 */
export function PrivacyConsent({ policyId, error }: { policyId: number; error?: string }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name="privacyPolicyId"
          value={policyId}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-5 shrink-0 accent-accent"
        />
        <label htmlFor={id} className="text-sm text-ink">
          I have read and accept the{" "}
          <a href="/privacy-policy" target="_blank" rel="noopener" className={textLinkClass}>
            privacy policy<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
