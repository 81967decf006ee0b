import type { Order } from "@quire/contracts";
import { useId, useState, type ReactNode } from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { inputClass, labelClass, selectChevronClass, selectClass } from "~/components/ui/field";
import { FormAlert } from "~/components/forms/form-alert";
import { fieldError, formErrors, type FormFailure } from "~/components/forms/form-errors";
import { FieldError } from "~/components/forms/text-field";
import { useFailureToast } from "~/components/forms/use-failure-toast";
import { IDEMPOTENCY_KEY_FIELD } from "~/features/cart/cart-forms";
import { useHydrated } from "@quire/web-kit/use-hydrated";
import { failureFor } from "~/features/checkout/checkout-forms";
import { formatDate } from "~/lib/format-date";
import { INTENT_FIELD } from "~/lib/form-intents";
import { ACCOUNT_ORDER_INTENTS } from "~/lib/account-intents";
import { MAX_RETURN_COMMENT_LENGTH } from "@quire/contracts/constants";
import { t } from "~/lib/i18n/messages/account";
import { textAround } from "~/lib/i18n/translator";
import { RETURN_FIELDS, RETURN_PARAM, returnableItems, returnQuantityField, type ReturnFormData } from "./return-form";

/*
 * "Return items" on a delivered order's page: the button (a dialog with JavaScript, the form on the page at
 * `?return` without), the last day items may be sent back, and the form itself, the same in both places.
 */

const orderPath = (id: number) => `/account/orders/${id}`;
const TITLE = t("account.return_form.title");
const SUBMIT = t("account.return_form.submit");

/** The return form's state on the order page: the button, the dialog, and the form on the page when asked for. */
export function ReturnItems({ order, returnForm }: { order: Order; returnForm: ReturnFormData | null }) {
  const hydrated = useHydrated();
  const failure = failureFor(useActionData(), ACCOUNT_ORDER_INTENTS.returnItems);
  useFailureToast(failure);
  const [dialogOpen, setDialogOpen] = useState(false);
  if (!returnForm) return null;
  // At `?return` (the link's address without JavaScript) the form is part of the page, and posts back to that
  // address, so a refusal comes back to the form there; the dialog's refusals come back to the dialog.
  const inline = returnForm.open;
  const returnableUntil = textAround(t("account.return_form.returnable_until"), "date");
  return (
    <>
      <section aria-labelledby="return-items-heading" className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <h2 id="return-items-heading" className="sr-only">
          {t("account.return_form.returns")}
        </h2>
        {inline ? null : hydrated ? (
          <Button type="button" variant="secondary" onClick={() => setDialogOpen(true)}>
            {TITLE}
          </Button>
        ) : (
          <Link to={`${orderPath(order.id)}?${RETURN_PARAM}`} className={buttonClass({ variant: "secondary" })}>
            {TITLE}
          </Link>
        )}
        <p className="text-ink-muted">
          {returnableUntil[0]}
          <time dateTime={returnForm.returnableUntil}>{formatDate(returnForm.returnableUntil)}</time>
          {returnableUntil[1]}
        </p>
      </section>

      {inline ? (
        <section aria-labelledby="return-form-heading" className="rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6">
          <h2 id="return-form-heading" className="text-xl font-semibold">
            {TITLE}
          </h2>
          <p className="mt-1 text-ink-muted">{RETURN_HELP}</p>
          <ReturnForm
            action={`${orderPath(order.id)}?${RETURN_PARAM}`}
            order={order}
            returnForm={returnForm}
            failure={failure}
            className="mt-5"
            actions={
              <div className="flex flex-wrap gap-3">
                <Link to={orderPath(order.id)} className={buttonClass({ variant: "secondary" })}>
                  {t("account.return_form.cancel")}
                </Link>
                <ReturnSubmitButton orderId={order.id} />
              </div>
            }
          />
        </section>
      ) : null}

      <ReturnDialog
        isOpen={dialogOpen && !inline}
        onClose={() => setDialogOpen(false)}
        order={order}
        returnForm={returnForm}
        failure={failure}
      />
    </>
  );
}

const RETURN_HELP = t("account.return_form.help");

function ReturnDialog({
  isOpen,
  onClose,
  order,
  returnForm,
  failure,
}: {
  isOpen: boolean;
  onClose: () => void;
  order: Order;
  returnForm: ReturnFormData;
  failure: FormFailure | undefined;
}) {
  const formId = useId();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={TITLE}
      subtitle={RETURN_HELP}
      widthClass="max-w-2xl"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t("account.return_form.cancel")}
          </Button>
          <ReturnSubmitButton orderId={order.id} form={formId} />
        </>
      }
    >
      <ReturnForm id={formId} action={orderPath(order.id)} order={order} returnForm={returnForm} failure={failure} />
    </Dialog>
  );
}

function ReturnSubmitButton({ orderId, form }: { orderId: number; form?: string }) {
  const navigation = useNavigation();
  // Either form of this order (the dialog's, or the page's at `?return`) on its way.
  const posting =
    navigation.state !== "idle" &&
    [orderPath(orderId), `${orderPath(orderId)}?${RETURN_PARAM}`].includes(navigation.formAction ?? "") &&
    navigation.formData?.get(INTENT_FIELD) === ACCOUNT_ORDER_INTENTS.returnItems;
  return (
    <Button type="submit" form={form} disabled={posting} aria-busy={posting || undefined}>
      {posting ? t("account.return_form.submitting") : SUBMIT}
    </Button>
  );
}

/** Every field that has a place of its own in the form, so errors about anything else are shown above it. */
function shownFields(order: Order): string[] {
  return [
    RETURN_FIELDS.lines,
    RETURN_FIELDS.reason,
    RETURN_FIELDS.resolution,
    RETURN_FIELDS.comment,
    ...returnableItems(order).map((item) => returnQuantityField(item.id)),
  ];
}

/**
 * The return form: each returnable line with how many to send back (0: not returned), why, what the customer
 * would like instead, and a comment. It checks nothing in the browser (noValidate): the storefront's action and
 * the API answer, beside each field, with or without JavaScript.
 */
function ReturnForm({
  id,
  action,
  order,
  returnForm,
  failure,
  actions,
  className = "",
}: {
  id?: string;
  /** Where it posts: the order's page, or its `?return` address for the form on the page. */
  action: string;
  order: Order;
  returnForm: ReturnFormData;
  failure: FormFailure | undefined;
  actions?: ReactNode;
  className?: string;
}) {
  const fieldId = useId();
  const typed = failure?.values;
  const linesError = fieldError(failure, RETURN_FIELDS.lines);
  const reasonError = fieldError(failure, RETURN_FIELDS.reason);
  const resolutionError = fieldError(failure, RETURN_FIELDS.resolution);
  const commentError = fieldError(failure, RETURN_FIELDS.comment);
  const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(" ") || undefined;
  return (
    <Form id={id} method="post" action={action} noValidate className={`grid gap-6 ${className}`}>
      <input type="hidden" name={INTENT_FIELD} value={ACCOUNT_ORDER_INTENTS.returnItems} />
      <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={returnForm.idempotencyKey} />
      <FormAlert errors={formErrors(failure, shownFields(order))} />

      <fieldset aria-describedby={linesError ? `${fieldId}-lines-error` : undefined}>
        <legend className="text-base font-semibold">{t("account.return_form.items")}</legend>
        <p className="mt-0.5 text-sm text-ink-muted">{t("account.return_form.items_hint")}</p>
        <FieldError id={`${fieldId}-lines-error`} message={linesError} />
        <ul className="mt-3 divide-y divide-line border-y border-line">
          {returnableItems(order).map((item) => {
            const name = returnQuantityField(item.id);
            const error = fieldError(failure, name);
            const inputId = `${fieldId}-${name}`;
            return (
              <li key={item.id} className="grid grid-cols-[minmax(0,1fr)_6.5rem] items-start gap-x-4 gap-y-1 py-3">
                <div className="min-w-0">
                  <label htmlFor={inputId} className="font-serif font-semibold">
                    {item.productName}
                  </label>
                  <p id={`${inputId}-hint`} className="text-sm text-ink-muted">
                    {item.variantName} <span aria-hidden="true">·</span>{" "}
                    {t("account.return_form.up_to", { count: item.returnableQuantity })}
                  </p>
                  <FieldError id={`${inputId}-error`} message={error} />
                </div>
                <input
                  id={inputId}
                  name={name}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={item.returnableQuantity}
                  step={1}
                  defaultValue={typed?.[name] ?? "0"}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(`${inputId}-hint`, error && `${inputId}-error`)}
                  className={`${inputClass} text-right`}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div>
        <label htmlFor={`${fieldId}-reason`} className={labelClass}>
          {t("account.return_form.reason")}
        </label>
        <select
          id={`${fieldId}-reason`}
          name={RETURN_FIELDS.reason}
          defaultValue={typed?.[RETURN_FIELDS.reason] ?? ""}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${fieldId}-reason-error` : undefined}
          className={`${selectClass} ${selectChevronClass}`}
        >
          <option value="">{t("account.return_form.choose_reason")}</option>
          {returnForm.reasons.map((reason) => (
            <option key={reason.code} value={reason.code}>
              {reason.label}
            </option>
          ))}
        </select>
        <FieldError id={`${fieldId}-reason-error`} message={reasonError} />
      </div>

      <fieldset aria-describedby={resolutionError ? `${fieldId}-resolution-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-ink">{t("account.return_form.resolution")}</legend>
        <FieldError id={`${fieldId}-resolution-error`} message={resolutionError} />
        <div className="grid gap-3 sm:grid-cols-3">
          {returnForm.resolutions.map((resolution) => (
            <label
              key={resolution.code}
              className="flex cursor-pointer gap-3 rounded-control border border-line-strong bg-surface p-3 has-checked:border-accent has-checked:ring-1 has-checked:ring-accent"
            >
              <input
                type="radio"
                name={RETURN_FIELDS.resolution}
                value={resolution.code}
                defaultChecked={typed?.[RETURN_FIELDS.resolution] === resolution.code}
                aria-describedby={`${fieldId}-${resolution.code}`}
                className="mt-1 size-4 shrink-0 accent-accent"
              />
              <span className="min-w-0">
                <span className="block font-semibold">{resolution.label}</span>
                <span id={`${fieldId}-${resolution.code}`} className="mt-0.5 block text-sm text-ink-muted">
                  {resolution.description}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor={`${fieldId}-comment`} className={labelClass}>
          {t("account.return_form.comment")} <span className="font-normal text-ink-muted">{t("account.return_form.optional")}</span>
        </label>
        <textarea
          id={`${fieldId}-comment`}
          name={RETURN_FIELDS.comment}
          rows={3}
          maxLength={MAX_RETURN_COMMENT_LENGTH}
          defaultValue={typed?.[RETURN_FIELDS.comment] ?? ""}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={describedBy(`${fieldId}-comment-hint`, commentError && `${fieldId}-comment-error`)}
          className={`${inputClass} h-auto min-h-24 py-2`}
        />
        <p id={`${fieldId}-comment-hint`} className="mt-1 text-sm text-ink-muted">
          {t("account.return_form.comment_hint", { count: MAX_RETURN_COMMENT_LENGTH })}
        </p>
        <FieldError id={`${fieldId}-comment-error`} message={commentError} />
      </div>
      {actions}
    </Form>
  );
}
