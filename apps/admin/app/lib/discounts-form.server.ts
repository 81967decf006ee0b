import {
  AdminDiscountCodeTextSchema,
  DISCOUNT_KINDS,
  type AdminDiscountCode,
  type CreateAdminDiscountCodeBody,
  type UpdateAdminDiscountCodeBody,
} from "@quire/contracts";
import { fromDecimalAmount, toDecimalAmount } from "@quire/money";
import { z } from "zod";
import { shopMomentField, shopMomentValue } from "./shop-moments.server";

/*
 * A discount code's form, as text (money typed as "12.50", moments as the browser's date-and-time field, in the shop's time zone),
 * turned into the API's body: every rule the checkout honours. The fields per currency are named
 * `amountOff.GBP` and `minimumSpend.GBP`, one for each currency the shop sells in.
 */

/** A count typed in a field, or null (no limit) when empty. */
const limit = z
  .string()
  .trim()
  .transform((text, context) => {
    if (!text) return null;
    const count = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!(count >= 1 && count <= 2_147_483_647)) {
      context.addIssue({ code: "custom", message: "Enter a whole number of 1 or more, or leave it empty for no limit" });
      return z.NEVER;
    }
    return count;
  });

/** An amount in one currency; the field may be missing (a percentage code's form has no "money off" fields). */
const money = z
  .string()
  .optional()
  .transform((typed, context) => {
    const text = typed?.trim();
    if (!text) return undefined;
    const amount = fromDecimalAmount(text);
    if (amount === null || amount <= 0) {
      context.addIssue({ code: "custom", message: "Enter an amount above zero, such as 5.00, or leave it empty" });
      return z.NEVER;
    }
    return amount;
  });

const percent = z
  .string()
  .optional()
  .transform((typed, context) => {
    const text = typed?.trim();
    if (!text) return undefined;
    const value = /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : NaN;
    if (!(value >= 0.01 && value <= 100)) {
      context.addIssue({ code: "custom", message: "Enter a percentage from 0.01 to 100, such as 12.5" });
      return z.NEVER;
    }
    return value;
  });

/** The rules' fields, for both forms. */
function rulesShape(currencies: readonly string[], timeZone: string) {
  const moment = shopMomentField(timeZone);
  const perCurrency: Record<string, typeof money> = {};
  for (const currency of currencies) {
    perCurrency[`amountOff.${currency}`] = money;
    perCurrency[`minimumSpend.${currency}`] = money;
  }
  return {
    description: z.string().trim().max(300, "Use at most 300 characters"),
    percentOff: percent,
    startsAt: moment,
    endsAt: moment,
    usageLimit: limit,
    perCustomerLimit: limit,
    isActive: z.string().optional(),
    ...perCurrency,
  };
}

type RulesInput = { [key: string]: unknown };

function amountsOf(input: RulesInput, prefix: string, currencies: readonly string[]): Record<string, number> {
  const amounts: Record<string, number> = {};
  for (const currency of currencies) {
    const amount = input[`${prefix}.${currency}`];
    if (typeof amount === "number") amounts[currency] = amount;
  }
  return amounts;
}

type Kind = (typeof DISCOUNT_KINDS)[number];

/** The rules as the API takes them, for a code of this kind: the percentage or the money off only where it belongs. */
function rulesOf(input: RulesInput, kind: Kind, currencies: readonly string[]) {
  return {
    description: input.description as string,
    ...(kind === "percentage" && input.percentOff !== undefined ? { percentOff: input.percentOff as number } : {}),
    ...(kind === "fixed_amount" ? { amountOff: amountsOf(input, "amountOff", currencies) } : {}),
    minimumSpend: amountsOf(input, "minimumSpend", currencies),
    startsAt: input.startsAt as string | null,
    endsAt: input.endsAt as string | null,
    usageLimit: input.usageLimit as number | null,
    perCustomerLimit: input.perCustomerLimit as number | null,
    isActive: input.isActive === "on",
  };
}

/** Checks that hold before the API is asked, with the message beside the field that needs changing. */
function checkRules(rules: ReturnType<typeof rulesOf>, kind: Kind, context: z.core.$RefinementCtx) {
  if (kind === "percentage" && (rules as { percentOff?: number }).percentOff === undefined) {
    context.addIssue({ code: "custom", message: "Enter the percentage off", path: ["percentOff"] });
  }
  if (kind === "fixed_amount" && Object.keys((rules as { amountOff?: object }).amountOff ?? {}).length === 0) {
    context.addIssue({ code: "custom", message: "Enter the money off in at least one currency", path: ["amountOff"] });
  }
  if (rules.startsAt && rules.endsAt && rules.startsAt >= rules.endsAt) {
    context.addIssue({ code: "custom", message: "The code must end after it starts", path: ["endsAt"] });
  }
}

/** The new code's form: its code and kind, and its rules (moments in the shop's `timeZone`). */
export function createDiscountForm(currencies: readonly string[], timeZone: string) {
  return z
    .object({
      code: AdminDiscountCodeTextSchema,
      kind: z.enum(DISCOUNT_KINDS, "Choose what the code gives"),
      idempotencyKey: z.string().uuid(),
      ...rulesShape(currencies, timeZone),
    })
    .transform((input, context): { body: CreateAdminDiscountCodeBody; idempotencyKey: string } => {
      const rules = rulesOf(input, input.kind, currencies);
      checkRules(rules, input.kind, context);
      return { body: { code: input.code, kind: input.kind, ...rules }, idempotencyKey: input.idempotencyKey };
    });
}

/** An existing code's form: its rules (the code and its kind stay; moments in the shop's `timeZone`). */
export function updateDiscountForm(currencies: readonly string[], kind: Kind, timeZone: string) {
  return z.object(rulesShape(currencies, timeZone)).transform((input, context): UpdateAdminDiscountCodeBody => {
    const rules = rulesOf(input, kind, currencies);
    checkRules(rules, kind, context);
    return rules;
  });
}

/** A code's rules as the form's starting values (moments in the shop's `timeZone`). */
export function discountFormValues(code: AdminDiscountCode, timeZone: string): Record<string, string> {
  const values: Record<string, string> = {
    code: code.code,
    kind: code.kind,
    description: code.description,
    percentOff: code.percentOff === null ? "" : String(code.percentOff),
    startsAt: shopMomentValue(code.startsAt, timeZone),
    endsAt: shopMomentValue(code.endsAt, timeZone),
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    perCustomerLimit: code.perCustomerLimit === null ? "" : String(code.perCustomerLimit),
    isActive: code.isActive ? "on" : "",
  };
  for (const [currency, amount] of Object.entries(code.amountOff)) values[`amountOff.${currency}`] = toDecimalAmount(amount);
  for (const [currency, amount] of Object.entries(code.minimumSpend)) values[`minimumSpend.${currency}`] = toDecimalAmount(amount);
  return values;
}
