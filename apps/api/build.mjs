// Bundles the API and its CLIs for `npm start`. Workspace packages (TypeScript source) are bundled in;
// npm dependencies stay external and load from node_modules. Migrations are copied beside the bundle.
import { cp, readFile, rm } from "node:fs/promises";
import { build } from "esbuild";

const pkg = JSON.parse(await readFile(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@quire/"));

/** The test runner must never reach the production bundle (e.g. through a test helper a CLI imports). */
const refuseTestRunner = {
  name: "refuse-test-runner",
  setup(build) {
    build.onResolve({ filter: /^vitest(\/|$)/ }, (args) => ({
      errors: [{ text: `${args.importer} imports ${args.path}: test code must not reach the production bundle` }],
    }));
  },
};

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: {
    main: "src/main.ts",
    worker: "src/worker.ts",
    migrate: "src/db/migrate-cli.ts",
    seed: "src/seed/seed-cli.ts",
    invite: "src/cli/invite-cli.ts",
    "stock-set": "src/modules/inventory/stock-cli.ts",
    jobs: "src/modules/jobs/jobs-cli.ts",
    orders: "src/modules/orders/orders-cli.ts",
    returns: "src/modules/returns/returns-cli.ts",
    search: "src/modules/catalog/search/search-cli.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  splitting: true,
  external,
  logLevel: "warning",
  plugins: [refuseTestRunner],
});
await cp("src/db/migrations", "dist/migrations", { recursive: true });
console.log("API built into apps/api/dist");
