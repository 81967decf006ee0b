import { z } from "zod";

/**
 * The back office's settings, from the environment, checked once when the server starts (server.mjs), so a
 * mistyped value stops it there with the reason instead of failing every page.
 */
const EnvSchema = z.object({
  /** The admin API (the same API the storefront uses; the back office calls its /admin operations only). */
  API_URL: z.string().url().default("http://127.0.0.1:4000"),
  /** Which store of the API this back office runs. */
  STORE_KEY: z.string().min(1).max(100).default("quire-demo"),
  /** The storefront, for "view in shop" links and the editor's preview. */
  STOREFRONT_URL: z.string().url().default("http://localhost:3000"),
});

export type BackOfficeEnv = z.infer<typeof EnvSchema>;

let cached: BackOfficeEnv | undefined;

export function getEnv(): BackOfficeEnv {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`The back office's configuration is not valid: ${problems}`);
  }
  cached = {
    ...parsed.data,
    API_URL: parsed.data.API_URL.replace(/\/+$/, ""),
    STOREFRONT_URL: parsed.data.STOREFRONT_URL.replace(/\/+$/, ""),
  };
  return cached;
}
