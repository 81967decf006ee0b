import { z } from "zod";

/**
 * Zod compiles fast object parsers with `new Function`, and decides whether it may as each object schema is
 * built, by probing eval. The shop's Content-Security-Policy allows no eval, and the browser reports even the
 * swallowed probe as a violation on every page. In the browser, parse without compiling.
 *
 * The root route imports this first, and the browser loads the root before any other route module, so it
 * runs before the contracts and the features build their schemas. The bundler may still run the chunks the
 * root itself imports before this line: none of them may build a zod object at load. The CSP journey
 * (tests/e2e/security-headers.e2e.ts) fails the day one does.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
