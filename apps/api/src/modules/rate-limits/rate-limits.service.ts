/*
 * What other modules ask of the shared rate limits: a key for a rule and a caller, and a reservation against the
 * rule that answers when to come back once it is used up (counted in PostgreSQL, so every process shares them).
 */
export { rateLimitKey, reserveLimit, type LimitRule } from "./rate-limits.repository";
