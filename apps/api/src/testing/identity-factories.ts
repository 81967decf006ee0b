import { randomBytes } from "node:crypto";
import type { Db } from "../db/client";
import { createAccessTokens } from "../modules/identity/access-tokens";
import { customers, privacyPolicies, sessions } from "../modules/identity/identity.tables";
import { hashPassword } from "../modules/identity/passwords";
import { TEST_TOKEN_SECRET } from "./test-constants";

/** Builders for customers, sessions and privacy policies; see factories.ts for the catalogue's. */

export const TEST_PASSWORD = "Correct-Horse-Battery-9";

/**
 * TEST_PASSWORD's hash, made once per test process and shared by the customers that keep it: argon2id costs about
 * 30 ms of CPU by design, and the API tests create hundreds of customers. Each still signs in with the password.
 */
let testPasswordHash: Promise<string> | undefined;

export async function createCustomer(
  db: Db,
  input: Partial<Omit<typeof customers.$inferInsert, "passwordHash">> & { storeId: number; email: string; password?: string },
) {
  const { password = TEST_PASSWORD, email, ...rest } = input;
  const [customer] = await db
    .insert(customers)
    .values({
      ...rest,
      email: email.toLowerCase(),
      passwordHash: await (password === TEST_PASSWORD ? (testPasswordHash ??= hashPassword(TEST_PASSWORD)) : hashPassword(password)),
    })
    .returning();
  if (!customer) throw new Error("customer not created");
  return customer;
}

export async function createPrivacyPolicy(db: Db, input: { storeId: number; version: string; body?: string; publishedAt?: Date }) {
  const [policy] = await db
    .insert(privacyPolicies)
    .values({
      storeId: input.storeId,
      version: input.version,
      body: input.body ?? `Privacy policy ${input.version}`,
      publishedAt: input.publishedAt,
    })
    .returning();
  if (!policy) throw new Error("privacy policy not created");
  return policy;
}

/**
 * A live session for `customerId` and its bearer token, as sign-in would make them. Tests that are not about
 * signing in use this to act as a customer without going through the password check.
 */
export async function createSession(db: Db, customerId: number, options: { expiresAt?: Date; tokenSecret?: string } = {}) {
  const expiresAt = options.expiresAt ?? new Date(Date.now() + 60 * 60 * 1000);
  const id = randomBytes(24).toString("base64url");
  await db.insert(sessions).values({ id, customerId, expiresAt });
  const token = await createAccessTokens(options.tokenSecret ?? TEST_TOKEN_SECRET).sign({ customerId, sessionId: id, expiresAt });
  return { sessionId: id, token, authorization: `Bearer ${token}` };
}
