import type { DeliveryOptionKind, DiscountKind, TaxClass } from "@quire/contracts";
import type { Db } from "../db/client";
import {
  currencyTaxModes,
  deliveryOptionPrices,
  deliveryZoneOptions,
  deliveryZones,
  discountCodeCurrencyRules,
  discountCodes,
  taxRates,
} from "../modules/checkout/checkout.tables";

/** A store's tax rates: per country, basis points per tax class; and whether each currency's prices include tax. */
export interface TaxSetupInput {
  storeId: number;
  rates: Record<string, Record<TaxClass, number>>;
  pricesIncludeTax: Record<string, boolean>;
}

export async function createTaxSetup(db: Db, input: TaxSetupInput) {
  const rows = Object.entries(input.rates).flatMap(([countryCode, byClass]) =>
    Object.entries(byClass).map(([taxClass, basisPoints]) => ({
      storeId: input.storeId,
      countryCode,
      taxClass: taxClass as TaxClass,
      basisPoints,
    })),
  );
  if (rows.length > 0) await db.insert(taxRates).values(rows);
  const modes = Object.entries(input.pricesIncludeTax).map(([currencyCode, pricesIncludeTax]) => ({
    storeId: input.storeId,
    currencyCode,
    pricesIncludeTax,
  }));
  if (modes.length > 0) await db.insert(currencyTaxModes).values(modes);
}

export interface DeliveryOptionInput {
  kind: DeliveryOptionKind;
  name: string;
  description?: string;
  minDays: number;
  maxDays: number;
  /** Per currency: the price, and the goods value from which it is free. */
  prices: Record<string, { amount: number; freeOverAmount?: number | null }>;
}

/** A delivery zone with its options in order; returns the zone's id and its options' ids. */
export async function createDeliveryZone(
  db: Db,
  input: { storeId: number; name: string; countryCodes: string[]; options: DeliveryOptionInput[] },
) {
  const [zone] = await db
    .insert(deliveryZones)
    .values({ storeId: input.storeId, name: input.name, countryCodes: input.countryCodes })
    .returning();
  const optionIds: number[] = [];
  for (const [position, option] of input.options.entries()) {
    const [row] = await db
      .insert(deliveryZoneOptions)
      .values({
        zoneId: zone!.id,
        kind: option.kind,
        name: option.name,
        description: option.description ?? "",
        minDays: option.minDays,
        maxDays: option.maxDays,
        position,
      })
      .returning({ id: deliveryZoneOptions.id });
    optionIds.push(row!.id);
    await db.insert(deliveryOptionPrices).values(
      Object.entries(option.prices).map(([currencyCode, price]) => ({
        optionId: row!.id,
        currencyCode,
        amount: price.amount,
        freeOverAmount: price.freeOverAmount ?? null,
      })),
    );
  }
  return { id: zone!.id, optionIds };
}

export interface DiscountCodeInput {
  storeId: number;
  code: string;
  kind: DiscountKind;
  description?: string;
  basisPoints?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  isActive?: boolean;
  /** Per currency: a fixed code's money off, and the minimum goods value. */
  currencies?: Record<string, { amountOff?: number; minimumSpend?: number }>;
}

export async function createDiscountCode(db: Db, input: DiscountCodeInput) {
  const [code] = await db
    .insert(discountCodes)
    .values({
      storeId: input.storeId,
      code: input.code.toUpperCase(),
      kind: input.kind,
      description: input.description ?? "",
      basisPoints: input.basisPoints ?? null,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
      usageLimit: input.usageLimit ?? null,
      perCustomerLimit: input.perCustomerLimit ?? null,
      isActive: input.isActive ?? true,
    })
    .returning();
  const rules = Object.entries(input.currencies ?? {});
  if (rules.length > 0) {
    await db.insert(discountCodeCurrencyRules).values(
      rules.map(([currencyCode, rule]) => ({
        discountCodeId: code!.id,
        currencyCode,
        amountOff: rule.amountOff ?? null,
        minimumSpend: rule.minimumSpend ?? null,
      })),
    );
  }
  return code!;
}
