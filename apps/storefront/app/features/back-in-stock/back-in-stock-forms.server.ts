import { BackInStockEmailSchema, INT32_MAX } from "@quire/contracts";
import { z } from "zod";
import { t } from "~/lib/i18n/messages/back-in-stock-server";

/*
 * The "Email me when it's back" form, as the product page's action reads it (lib/form-intents.server.ts).
 * A signed-in customer is emailed at their account's address and gives none; an anonymous visitor must give
 * a valid one, checked with the API's own schema.
 */

const NOT_IN_CATALOGUE = t("back_in_stock.not_in_catalogue");
const ENTER_EMAIL = t("back_in_stock.enter_email");
const VALID_EMAIL = t("back_in_stock.valid_email");

const VariantField = z
  .string({ error: NOT_IN_CATALOGUE })
  .regex(/^[1-9]\d{0,9}$/, NOT_IN_CATALOGUE)
  .transform(Number)
  .pipe(z.number().max(INT32_MAX, NOT_IN_CATALOGUE));

/** The visitor's address, as the API would take it (trimmed, lower-cased), with the shopper's messages. */
const EmailField = z
  .string({ error: ENTER_EMAIL })
  .refine((typed) => typed.trim() !== "", ENTER_EMAIL)
  .transform((typed, context) => {
    const email = BackInStockEmailSchema.safeParse(typed);
    if (email.success) return email.data;
    context.addIssue({ code: "custom", message: VALID_EMAIL });
    return z.NEVER;
  });

/**
 * The address field as each asker posts it: the visitor's checked, a customer's ignored (their account's is
 * used). A customer's form has no address field at all, so the field may be missing: `.optional()` outside
 * the transform (zod refuses a missing key whose schema is not optional).
 */
const emailFieldFor = (signedIn: boolean): z.ZodType<string | undefined> =>
  signedIn
    ? z
        .unknown()
        .transform(() => undefined)
        .optional()
    : EmailField;

/** The form for who is asking: a signed-in customer gives no address, a visitor must. */
export function backInStockFormSchema(signedIn: boolean) {
  return z.object({ productVariantId: VariantField, email: emailFieldFor(signedIn) });
}

/** What the visitor typed, to give back in the form when it is refused (never more than a field holds). */
export function typedEmail(form: FormData): string {
  const typed = form.get("email");
  return typeof typed === "string" ? typed.slice(0, 300) : "";
}
