#!/usr/bin/env node
// `npm run test:api:embedded`: the API tests the way a newcomer's machine runs them, on the embedded PGlite
// database, even where TEST_DATABASE_URL names a PostgreSQL server (CI runs this after `npm test`, so the
// embedded path cannot break unseen). The few tests that need a server of their own (two connections racing,
// a statement timeout, a second process) are skipped on PGlite by design and say so in the report.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const { TEST_DATABASE_URL: _server, ...inherited } = process.env;
const child = spawn("npx", ["vitest", "run", "--project", "api", ...process.argv.slice(2)], {
  cwd: root,
  // TEST_EMBEDDED_DATABASE: under CI, where a missing TEST_DATABASE_URL is otherwise a mistake, this run means it.
  env: { ...inherited, TEST_EMBEDDED_DATABASE: "1" },
  stdio: "inherit",
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
