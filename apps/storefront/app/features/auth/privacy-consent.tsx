import { useId } from "react";
import { textLinkClass } from "~/components/ui/button";
import { FieldError } from "~/components/forms/text-field";
import { t } from "~/lib/i18n/messages/auth";

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
          {t("auth.privacy.accept_prefix")}{" "}
          <a href="/privacy-policy" target="_blank" rel="noopener" className={textLinkClass}>
            {t("auth.privacy.policy_link")}
            <span className="sr-only">{t("auth.privacy.new_tab")}</span>
          </a>
          .
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
