import { AddressSchema } from "@quire/contracts";
import type { Db } from "../db/client";
import { addCompanyAddress, createAddress } from "../modules/addresses/addresses.service";
import { findOrCreateCompany } from "../modules/identity/identity.repository";
import { customerCredits } from "../modules/payments/payments.tables";
import { createInvite } from "../modules/identity/registration.service";
import { createCustomer, createPrivacyPolicy } from "../testing/identity-factories";

/** A shopper to try the signed-in storefront with (README: "Demo accounts"). */
export const DEMO_CUSTOMER = {
  email: "demo@quire.example",
  password: "Quire-Demo-Reader-2026",
  firstName: "Dora",
  lastName: "Reader",
};

/** The demo customer's address book: one address, the default for delivery and billing. */
const DEMO_CUSTOMER_ADDRESS = AddressSchema.parse({
  firstName: "Dora",
  lastName: "Reader",
  line1: "14 Chapel Row",
  city: "Bath",
  postcode: "BA1 1HN",
  countryCode: "GB",
  phone: "+44 1225 555 014",
});

/** The demo trade buyer's company's shared delivery address. */
const DEMO_TRADE_COMPANY_ADDRESS = AddressSchema.parse({
  firstName: "Goods",
  lastName: "In",
  company: "Byron Books Ltd",
  line1: "Unit 3, Wharf Road Industrial Estate",
  city: "Manchester",
  postcode: "M17 1SN",
  countryCode: "GB",
});

/** The trade buyer whose pending invitation the seed prints. */
export const DEMO_TRADE_INVITE = {
  email: "trade@quire.example",
  firstName: "Grace",
  lastName: "Hopper",
  companyName: "Hopper & Daughters Booksellers",
};

/** A trade buyer with credit, to try paying on account (README: "Demo accounts"). */
export const DEMO_TRADE_BUYER = {
  email: "buyer@quire.example",
  password: "Quire-Demo-Trade-2026",
  firstName: "Ada",
  lastName: "Byron",
  companyName: "Byron Books Ltd",
};
/** The demo trade buyer's credit per currency, in minor units. */
export const DEMO_TRADE_CREDIT = { GBP: 100_000, EUR: 120_000, USD: 130_000 };

export const DEMO_PRIVACY_POLICY_VERSION = "2025-06";

const DEMO_PRIVACY_POLICY_BODY = `Quire Books ("we") sells gift books online to shoppers in the United Kingdom and beyond. This policy explains what we collect about you and why.

What we collect. Your name, email address, phone number and addresses when you create an account or place an order; the contents of your basket, favourites and orders; and, if you allow it, how you use our site.

Why. To take and deliver your orders, to keep your account secure, to answer your questions, and, only if you opt in, to send you news and offers. You can opt out of marketing at any time in your account settings.

Who else sees it. Our payment providers, to take payment; our delivery partners, to deliver your parcel; and our email provider, to send the emails you ask for. We never sell your data.

How long we keep it. Order records for six years, as UK tax law requires; your account until you ask us to close it.

Your rights. You may ask for a copy of your data, have it corrected or deleted, and complain to the Information Commissioner's Office. Write to privacy@quire.example.`;

/**
 * The demo store's privacy policy, a demo customer who has accepted it, a trade buyer with credit to pay on
 * account, and a pending trade invitation.
 * Returns the invitation's link for the seed to keep in a file: its token is random and only its hash is stored.
 */
export async function seedDemoIdentity(
  db: Db,
  store: { id: number; name: string; countryCodes: readonly string[] },
  storefrontUrl: string,
): Promise<{ inviteUrl: string }> {
  const policy = await createPrivacyPolicy(db, {
    storeId: store.id,
    version: DEMO_PRIVACY_POLICY_VERSION,
    body: DEMO_PRIVACY_POLICY_BODY,
    publishedAt: new Date("2025-06-01T00:00:00Z"),
  });
  const customer = await createCustomer(db, { storeId: store.id, ...DEMO_CUSTOMER, acceptedPrivacyPolicyId: policy.id });
  const addressContext = (customerId: number) => ({ customerId, countryCodes: store.countryCodes });
  await createAddress(db, addressContext(customer.id), { address: DEMO_CUSTOMER_ADDRESS });
  const companyId = await findOrCreateCompany(db, store.id, DEMO_TRADE_BUYER.companyName);
  const buyer = await createCustomer(db, {
    storeId: store.id,
    ...DEMO_TRADE_BUYER,
    companyId,
    isTrade: true,
    acceptedPrivacyPolicyId: policy.id,
  });
  await addCompanyAddress(db, addressContext(buyer.id), DEMO_TRADE_COMPANY_ADDRESS);
  await db
    .insert(customerCredits)
    .values(Object.entries(DEMO_TRADE_CREDIT).map(([currencyCode, limitAmount]) => ({ customerId: buyer.id, currencyCode, limitAmount })));
  const invite = await createInvite(db, {
    store,
    storefrontUrl: storefrontUrl.replace(/\/+$/, ""),
    ...DEMO_TRADE_INVITE,
    expiresInDays: 30,
    sendEmail: false,
  });
  return { inviteUrl: invite.url };
}
