// A type error on purpose: scripts/typecheck.test.ts checks that `npm run typecheck` fails on it and names it.
export const pages: number = "twelve";
