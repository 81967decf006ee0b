import { and, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sqlRows } from "../../db/sql-rows";
import {
  companies,
  customerInvites,
  customers,
  erasureRequests,
  passwordResetTokens,
  privacyPolicies,
  signupRequests,
} from "./identity.tables";

// ---------------------------------------------------------------- customers

/** What sign-in and the password calls need to know about a customer. */
export interface CustomerCredentials {
  id: number;
  storeId: number;
  email: string;
  passwordHash: string;
  passwordChangeRequired: boolean;
  acceptedPrivacyPolicyId: number | null;
  blockedAt: Date | null;
}

const credentialColumns = {
  id: customers.id,
  storeId: customers.storeId,
  email: customers.email,
  passwordHash: customers.passwordHash,
  passwordChangeRequired: customers.passwordChangeRequired,
  acceptedPrivacyPolicyId: customers.acceptedPrivacyPolicyId,
  blockedAt: customers.blockedAt,
};

export async function findCustomerCredentialsByEmail(db: Db, storeId: number, email: string): Promise<CustomerCredentials | null> {
  const [row] = await db
    .select(credentialColumns)
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.email, email)))
    .limit(1);
  return row ?? null;
}

export async function findCustomerCredentialsById(db: Db, customerId: number): Promise<CustomerCredentials | null> {
  const [row] = await db.select(credentialColumns).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row ?? null;
}

export async function customerEmailExists(db: Db, storeId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), eq(customers.email, email)))
    .limit(1);
  return row !== undefined;
}

/** Inserts a customer; null when the store already has one with this email (the unique key decides). */
export async function insertCustomer(
  db: Db,
  values: Pick<
    typeof customers.$inferInsert,
    "storeId" | "email" | "passwordHash" | "firstName" | "lastName" | "companyName" | "companyId" | "isTrade" | "acceptedPrivacyPolicyId"
  >,
): Promise<number | null> {
  const [row] = await db.insert(customers).values(values).onConflictDoNothing().returning({ id: customers.id });
  return row?.id ?? null;
}

/** The id of the store's company of this name (ignoring case), created when there is none yet. */
export async function findOrCreateCompany(db: Db, storeId: number, name: string): Promise<number> {
  // "do update" (to its own name) rather than "do nothing", so the existing row's id is returned too.
  const [row] = await sqlRows<{ id: number }>(
    db,
    sql`insert into ${companies} (store_id, name) values (${storeId}, ${name})
        on conflict (store_id, lower(name)) do update set name = companies.name returning id`,
  );
  if (!row) throw new Error("The company upsert returned no row");
  return row.id;
}

export async function findCustomerProfile(db: Db, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      storeId: customers.storeId,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      companyName: customers.companyName,
      isTrade: customers.isTrade,
      marketingOptIn: customers.marketingOptIn,
      passwordChangeRequired: customers.passwordChangeRequired,
      acceptedPrivacyPolicyId: customers.acceptedPrivacyPolicyId,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? null;
}
export type CustomerProfile = NonNullable<Awaited<ReturnType<typeof findCustomerProfile>>>;

export async function updateCustomerSettings(
  db: Db,
  customerId: number,
  values: { firstName: string; lastName: string; phone: string; marketingOptIn: boolean },
): Promise<void> {
  await db
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

/** Sets a new password hash and lifts a forced password change. */
export async function updateCustomerPassword(db: Db, customerId: number, passwordHash: string): Promise<void> {
  await db
    .update(customers)
    .set({ passwordHash, passwordChangeRequired: false, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

export async function setAcceptedPrivacyPolicy(db: Db, customerId: number, privacyPolicyId: number): Promise<void> {
  await db
    .update(customers)
    .set({ acceptedPrivacyPolicyId: privacyPolicyId, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

// ---------------------------------------------------------------- privacy policies

/** The store's current privacy policy: the latest one already published. */
export async function findCurrentPrivacyPolicy(db: Db, storeId: number) {
  const [row] = await db
    .select({
      id: privacyPolicies.id,
      version: privacyPolicies.version,
      body: privacyPolicies.body,
      publishedAt: privacyPolicies.publishedAt,
    })
    .from(privacyPolicies)
    .where(and(eq(privacyPolicies.storeId, storeId), lte(privacyPolicies.publishedAt, sql`now()`)))
    .orderBy(desc(privacyPolicies.publishedAt), desc(privacyPolicies.id))
    .limit(1);
  return row ?? null;
}

/** The version of the store's current privacy policy; null while it has published none. */
export async function findCurrentPrivacyPolicyVersion(db: Db, storeId: number): Promise<string | null> {
  const [row] = await db
    .select({ version: privacyPolicies.version })
    .from(privacyPolicies)
    .where(and(eq(privacyPolicies.storeId, storeId), lte(privacyPolicies.publishedAt, sql`now()`)))
    .orderBy(desc(privacyPolicies.publishedAt), desc(privacyPolicies.id))
    .limit(1);
  return row?.version ?? null;
}

// ---------------------------------------------------------------- emailed tokens

/** Whether an emailed link's row is used up or past its expiry: what opening or completing the link checks. */
export interface EmailedLinkState {
  used: boolean;
  expired: boolean;
}

const signupRequestState = {
  used: sql<boolean>`${signupRequests.completedAt} is not null`,
  expired: sql<boolean>`${signupRequests.expiresAt} <= now()`,
};
const inviteState = {
  used: sql<boolean>`${customerInvites.completedAt} is not null`,
  expired: sql<boolean>`${customerInvites.expiresAt} <= now()`,
};
const passwordResetTokenState = {
  used: sql<boolean>`${passwordResetTokens.usedAt} is not null`,
  expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
};

export async function insertSignupRequest(
  db: Db,
  values: { storeId: number; email: string; firstName: string; lastName: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(signupRequests).values(values);
}

/** The sign-up request behind a token hash, locked until the transaction ends so it completes once. */
export async function lockSignupRequest(db: Db, storeId: number, tokenHash: string) {
  const [row] = await db
    .select({
      id: signupRequests.id,
      email: signupRequests.email,
      firstName: signupRequests.firstName,
      lastName: signupRequests.lastName,
      ...signupRequestState,
    })
    .from(signupRequests)
    .where(and(eq(signupRequests.storeId, storeId), eq(signupRequests.tokenHash, tokenHash)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** The state of the sign-up request behind a token hash, read without locking it (a link being opened). */
export async function findSignupRequestState(db: Db, storeId: number, tokenHash: string): Promise<EmailedLinkState | null> {
  const [row] = await db
    .select(signupRequestState)
    .from(signupRequests)
    .where(and(eq(signupRequests.storeId, storeId), eq(signupRequests.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

export async function markSignupRequestCompleted(db: Db, id: number): Promise<void> {
  await db
    .update(signupRequests)
    .set({ completedAt: sql`now()` })
    .where(eq(signupRequests.id, id));
}

export async function insertInvite(
  db: Db,
  values: { storeId: number; email: string; firstName: string; lastName: string; companyName: string; tokenHash: string; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(customerInvites).values(values).returning({ id: customerInvites.id });
  if (!row) throw new Error("invite not created");
  return row.id;
}

/** The invite behind a token hash, locked until the transaction ends so it completes once. */
export async function lockInvite(db: Db, storeId: number, tokenHash: string) {
  const [row] = await db
    .select({
      id: customerInvites.id,
      email: customerInvites.email,
      firstName: customerInvites.firstName,
      lastName: customerInvites.lastName,
      companyName: customerInvites.companyName,
      ...inviteState,
    })
    .from(customerInvites)
    .where(and(eq(customerInvites.storeId, storeId), eq(customerInvites.tokenHash, tokenHash)))
    .for("update")
    .limit(1);
  return row ?? null;
}

/** The state of the invite behind a token hash, read without locking it (a link being opened). */
export async function findInviteState(db: Db, storeId: number, tokenHash: string): Promise<EmailedLinkState | null> {
  const [row] = await db
    .select(inviteState)
    .from(customerInvites)
    .where(and(eq(customerInvites.storeId, storeId), eq(customerInvites.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

export async function markInviteCompleted(db: Db, id: number): Promise<void> {
  await db
    .update(customerInvites)
    .set({ completedAt: sql`now()` })
    .where(eq(customerInvites.id, id));
}

export async function insertPasswordResetToken(db: Db, values: { customerId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** The reset token behind a hash (within the store), locked until the transaction ends so it works once. */
export async function lockPasswordResetToken(db: Db, storeId: number, tokenHash: string) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      customerId: passwordResetTokens.customerId,
      email: customers.email,
      ...passwordResetTokenState,
    })
    .from(passwordResetTokens)
    .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
    .where(and(eq(customers.storeId, storeId), eq(passwordResetTokens.tokenHash, tokenHash)))
    .for("update", { of: passwordResetTokens })
    .limit(1);
  return row ?? null;
}

/** The state of the reset token behind a hash (within the store), read without locking it (a link being opened). */
export async function findPasswordResetTokenState(db: Db, storeId: number, tokenHash: string): Promise<EmailedLinkState | null> {
  const [row] = await db
    .select(passwordResetTokenState)
    .from(passwordResetTokens)
    .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
    .where(and(eq(customers.storeId, storeId), eq(passwordResetTokens.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

/** Uses up every outstanding reset token of the customer: one reset ends all the links sent before it. */
export async function markPasswordResetTokensUsed(db: Db, customerId: number): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.customerId, customerId), isNull(passwordResetTokens.usedAt)));
}

/** The tables of emailed links, each a token's hash with an expiry (erasure requests' too: decision 063). */
const EMAILED_LINK_TABLES = { signupRequests, customerInvites, passwordResetTokens, erasureRequests };
export type EmailedLinkTable = keyof typeof EMAILED_LINK_TABLES;
export const EMAILED_LINK_TABLE_NAMES = Object.keys(EMAILED_LINK_TABLES) as EmailedLinkTable[];

/** Deletes up to `limit` links of one kind that expired more than `graceSeconds` ago; answers how many. */
export async function deleteExpiredLinks(db: Db, table: EmailedLinkTable, graceSeconds: number, limit: number): Promise<number> {
  const t = EMAILED_LINK_TABLES[table];
  const expired = db
    .select({ id: t.id })
    .from(t)
    .where(sql`${t.expiresAt} < now() - make_interval(secs => ${graceSeconds})`)
    .limit(limit);
  const deleted = await db.delete(t).where(inArray(t.id, expired)).returning({ id: t.id });
  return deleted.length;
}

// ---------------------------------------------------------------- what other modules ask of a customer

/** The account email of a customer of the store; null when there is none. */
export async function findStoreCustomerEmail(db: Db, input: { storeId: number; customerId: number }) {
  const [row] = await db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.storeId, input.storeId)));
  return row?.email ?? null;
}

/**
 * Locks a customer's row until the transaction ends, so that changes to what they own (their address book,
 * their wishlists, their recently viewed) run one at a time; `no key update` leaves sign-ins and foreign-key
 * checks unblocked. False when there is no such customer (in the store, when one is named).
 */
export async function lockCustomerRow(db: Db, input: { customerId: number; storeId?: number }): Promise<boolean> {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), input.storeId === undefined ? undefined : eq(customers.storeId, input.storeId)))
    .for("no key update");
  return rows.length > 0;
}

/** The company a trade customer buys for: its id and name, or null when they have none. */
export async function findTradeCompany(db: Db, customerId: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(customers)
    .innerJoin(companies, eq(companies.id, customers.companyId))
    .where(and(eq(customers.id, customerId), eq(customers.isTrade, true)));
  return row ?? null;
}

/** Keeps the account's marketing consent in step with its email's newsletters (decision 034). */
export async function setMarketingOptInByEmail(db: Db, input: { storeId: number; email: string; optIn: boolean }) {
  await db
    .update(customers)
    .set({ marketingOptIn: input.optIn, updatedAt: sql`now()` })
    .where(and(eq(customers.storeId, input.storeId), eq(customers.email, input.email)));
}

/** Locks a company's row until the transaction ends (its buyers' changes to its address book, one at a time). */
export async function lockCompanyRow(db: Db, companyId: number): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("no key update");
}

/** Whether a customer of the store buys as trade (pays on account); null when the store has no such customer. */
export async function findTradeStatus(db: Db, input: { customerId: number; storeId?: number }): Promise<{ isTrade: boolean } | null> {
  const [row] = await db
    .select({ isTrade: customers.isTrade })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), input.storeId === undefined ? undefined : eq(customers.storeId, input.storeId)));
  return row ?? null;
}

// ---------------------------------------------------------------- a person's data (decision 062)

/** A customer's account as their data export shows it, with the privacy policy's version they accepted; never a secret. */
export async function findCustomerForExport(db: Db, input: { storeId: number; customerId: number }) {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phone: customers.phone,
      companyName: customers.companyName,
      isTrade: customers.isTrade,
      marketingOptIn: customers.marketingOptIn,
      blockedAt: customers.blockedAt,
      acceptedPrivacyPolicyVersion: privacyPolicies.version,
      createdAt: customers.createdAt,
      updatedAt: customers.updatedAt,
    })
    .from(customers)
    .leftJoin(privacyPolicies, eq(privacyPolicies.id, customers.acceptedPrivacyPolicyId))
    .where(and(eq(customers.id, input.customerId), eq(customers.storeId, input.storeId)));
  return row ?? null;
}

/** The id of the store's customer with this (lower-cased) email; null when there is none. */
export async function findCustomerIdByEmail(db: Db, input: { storeId: number; email: string }) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.storeId, input.storeId), eq(customers.email, input.email)));
  return row?.id ?? null;
}

/** The registrations and trade invitations made for an address, newest first, at most `limit` of each; never a token. */
export async function listSignUpsByEmail(db: Db, input: { storeId: number; email: string; limit: number }) {
  const registrations = await db
    .select({
      email: signupRequests.email,
      firstName: signupRequests.firstName,
      lastName: signupRequests.lastName,
      createdAt: signupRequests.createdAt,
      expiresAt: signupRequests.expiresAt,
      completedAt: signupRequests.completedAt,
    })
    .from(signupRequests)
    .where(and(eq(signupRequests.storeId, input.storeId), eq(signupRequests.email, input.email)))
    .orderBy(desc(signupRequests.createdAt))
    .limit(input.limit);
  const invitations = await db
    .select({
      email: customerInvites.email,
      firstName: customerInvites.firstName,
      lastName: customerInvites.lastName,
      companyName: customerInvites.companyName,
      createdAt: customerInvites.createdAt,
      expiresAt: customerInvites.expiresAt,
      completedAt: customerInvites.completedAt,
    })
    .from(customerInvites)
    .where(and(eq(customerInvites.storeId, input.storeId), eq(customerInvites.email, input.email)))
    .orderBy(desc(customerInvites.createdAt))
    .limit(input.limit);
  return { registrations, invitations };
}
