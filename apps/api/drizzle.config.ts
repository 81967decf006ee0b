import { defineConfig } from "drizzle-kit";

// Used only to generate migrations (`npm run db:generate -- --name <what-it-does>`, which then keeps only the latest
// snapshot); they are committed SQL, read before committing, with what is added by hand marked (decision 043).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./src/db/migrations",
  casing: "snake_case",
});
