import { z } from "zod";

/** The storefront's configuration, read once from process.env and validated. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Where the commerce API listens. Only the storefront's server talks to it. */
  API_URL: z.string().url().default("http://127.0.0.1:4000"),
  /** Sent as the API-Key header; never reaches the browser. */
  API_KEY: z.string().min(8).default("quire-demo-api-key"),
  STORE_KEY: z.string().min(1).default("quire-demo"),
  /** How long the redirect list, category tree and menu are kept in this process. */
  CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

export type StorefrontEnv = z.infer<typeof EnvSchema>;

let cached: StorefrontEnv | undefined;
export function getEnv(): StorefrontEnv {
  if (!cached) {
    const parsed = EnvSchema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid storefront environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
    }
    cached = parsed.data;
  }
  return cached;
}
