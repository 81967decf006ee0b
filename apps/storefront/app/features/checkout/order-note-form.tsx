import { useId } from "react";
import { Form } from "react-router";
import { inputClass, labelClass } from "~/components/ui/field";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { FieldError, TextField } from "~/components/forms/text-field";
import { INTENT_FIELD } from "~/lib/form-intents";
import { CHECKOUT_INTENTS } from "./checkout-intents";
import { ORDER_NOTE_FIELDS } from "./checkout-forms";
import { isPosting, SubmitButton, usePostingForm } from "./submit-button";
import { t } from "~/lib/i18n/messages/checkout-page";

/**
 * The order note (referenceNumber, customerComment), folded away until wanted: most orders
 * have none. PUT /baskets/checkout/customers-fields.
 */
export function OrderNoteForm({
  referenceNumber,
  customerComment,
  failure,
}: {
  referenceNumber: string | null;
  customerComment: string | null;
  failure?: FormFailure;
}) {
  const id = useId();
  const posting = usePostingForm();
  const typed = failure?.values;
  const commentError = fieldError(failure, "customerComment");
  const hasNote = Boolean(referenceNumber || customerComment);
  return (
    <details open={hasNote || failure !== undefined} className="group rounded-control border border-line bg-paper">
      <summary className="flex items-center justify-between gap-3 px-4 py-3 font-semibold">
        {hasNote ? t("checkout.note.yours") : t("checkout.note.add")}
        <span className="text-sm font-normal text-ink-muted">{t("checkout.optional")}</span>
      </summary>
      <Form method="post" noValidate preventScrollReset className="grid gap-4 border-t border-line p-4">
        <input type="hidden" name={INTENT_FIELD} value={CHECKOUT_INTENTS.orderNote} />
        <FormAlert errors={formErrors(failure, ORDER_NOTE_FIELDS)} />
        <TextField
          label={t("checkout.note.reference")}
          name="referenceNumber"
          maxLength={100}
          hint={t("checkout.note.reference_hint")}
          defaultValue={typed?.referenceNumber ?? referenceNumber ?? ""}
          error={fieldError(failure, "referenceNumber")}
        />
        <div>
          <label htmlFor={`${id}-comment`} className={labelClass}>
            {t("checkout.note.comment")} <span className="font-normal text-ink-muted">{t("checkout.optional")}</span>
          </label>
          <textarea
            id={`${id}-comment`}
            name="customerComment"
            rows={3}
            maxLength={1000}
            defaultValue={typed?.customerComment ?? customerComment ?? ""}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? `${id}-comment-error` : undefined}
            className={`${inputClass} h-auto py-2`}
          />
          <FieldError id={`${id}-comment-error`} message={commentError} />
        </div>
        <div>
          <SubmitButton
            variant="secondary"
            pending={isPosting(posting, CHECKOUT_INTENTS.orderNote)}
            waiting={posting !== undefined}
            pendingLabel={t("checkout.saving")}
          >
            {t("checkout.note.save")}
          </SubmitButton>
        </div>
      </Form>
    </details>
  );
}
