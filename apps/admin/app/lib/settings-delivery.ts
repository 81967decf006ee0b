import { DELIVERY_OPTION_KINDS } from "@quire/contracts/constants";
import { fromDecimalAmount } from "@quire/money";
import { z } from "zod";

/** Countries typed as a list ("FR, DE"), upper-cased, each once. */
export const CountryListSchema = z.string().transform((text, context) => {
  const codes = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((code) => code.toUpperCase());
  const wrong = codes.filter((code) => !/^[A-Z]{2}$/.test(code));
  if (codes.length === 0 || wrong.length > 0) {
    context.addIssue({
      code: "custom",
      message: wrong.length
        ? `Not a country code: ${wrong.slice(0, 5).join(", ")}. Write codes such as FR, DE`
        : "Enter at least one country, such as FR",
    });
    return z.NEVER;
  }
  if (new Set(codes).size !== codes.length) {
    context.addIssue({ code: "custom", message: "Each country once" });
    return z.NEVER;
  }
  return codes;
});

const days = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, `Enter the ${label} as a whole number of working days`)
    .transform(Number)
    .pipe(z.number().max(365, "At most 365 days"));

/**
 * A delivery option as its form sends it: the option's fields and, per currency the shop sells in, a price
 * (`price-GBP`, empty: not offered in that currency) and an amount over which it is free (`freeOver-GBP`, optional).
 */
export function deliveryOptionFormSchema(currencies: readonly string[]) {
  const base = z.object({
    kind: z.enum(DELIVERY_OPTION_KINDS),
    name: z.string().trim().min(1, "Enter the option's name").max(100),
    description: z.string().trim().max(300),
    minDays: days("fewest days"),
    maxDays: days("most days"),
    position: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, "Enter a whole number such as 10")
      .transform(Number)
      .pipe(z.number().max(10_000, "At most 10,000")),
  });
  return z.looseObject(base.shape).transform((values, context) => {
    const record = values as Record<string, unknown>;
    const prices: { currencyCode: string; amount: number; freeOverAmount: number | null }[] = [];
    for (const currencyCode of currencies) {
      const priceText = String(record[`price-${currencyCode}`] ?? "").trim();
      const freeText = String(record[`freeOver-${currencyCode}`] ?? "").trim();
      if (!priceText) {
        if (freeText)
          context.addIssue({
            code: "custom",
            message: `Enter a price in ${currencyCode} too, or leave both empty`,
            path: [`price-${currencyCode}`],
          });
        continue;
      }
      const amount = fromDecimalAmount(priceText);
      const freeOverAmount = freeText ? fromDecimalAmount(freeText) : null;
      if (amount === null)
        context.addIssue({ code: "custom", message: "Enter a price such as 3.95 (0 for free)", path: [`price-${currencyCode}`] });
      if (freeText && freeOverAmount === null)
        context.addIssue({
          code: "custom",
          message: "Enter an amount such as 50.00, or leave it empty",
          path: [`freeOver-${currencyCode}`],
        });
      if (amount !== null) prices.push({ currencyCode, amount, freeOverAmount });
    }
    if (prices.length === 0 && currencies[0])
      context.addIssue({ code: "custom", message: "Enter a price in at least one currency", path: [`price-${currencies[0]}`] });
    if (values.maxDays < values.minDays)
      context.addIssue({ code: "custom", message: "The most days must not be below the fewest", path: ["maxDays"] });
    return {
      kind: values.kind,
      name: values.name,
      description: values.description,
      minDays: values.minDays,
      maxDays: values.maxDays,
      position: values.position,
      prices,
    };
  });
}
