import { defineConfig } from "drizzle-kit";

// Used only to generate migrations (`npm run db:generate`); they are committed SQL, read before committing.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./src/db/migrations",
  casing: "snake_case",
});
