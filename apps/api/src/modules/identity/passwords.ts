import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's minimum profile: 19 MiB of memory, 2 passes, 1 lane. Raising them later is safe:
 * the parameters travel inside each stored hash, so old hashes still verify.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

/** True when `password` matches `passwordHash`; false (never a throw) for a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
