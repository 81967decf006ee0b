import path from "node:path";
import { z } from "zod";

/** The only place that reads process.env. Validated once at start-up; a bad value stops the process. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  API_HOST: z.string().default("127.0.0.1"),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** PostgreSQL server. Without it an embedded PostgreSQL (PGlite) under DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Optional read replica for catalogue reads. */
  DATABASE_READ_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(".data"),
  /** Comma-separated API keys a caller may send in the API-Key header. */
  API_KEYS: z
    .string()
    .default("quire-demo-api-key")
    .transform((value) =>
      value
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(8)).min(1)),
  /** Seconds product totals and facet counts stay cached in each API process (0 turns it off). */
  CATALOG_COUNTS_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

/** The repository root, so `.data/` lands in one place whichever workspace a command runs from. */
export function resolveDataDir(env: Env): string {
  const root = path.resolve(import.meta.dirname, "..", "..", "..");
  return path.isAbsolute(env.DATA_DIR) ? env.DATA_DIR : path.join(root, env.DATA_DIR);
}
