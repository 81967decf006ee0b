// Bundles the API and its CLIs for `npm start`. Workspace packages (TypeScript source) are bundled in;
// npm dependencies stay external and load from node_modules. Migrations are copied beside the bundle.
import { cp, readFile, rm } from "node:fs/promises";
import { build } from "esbuild";

const pkg = JSON.parse(await readFile(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@quire/"));

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/main.ts", migrate: "src/db/migrate-cli.ts", seed: "src/seed/seed-cli.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  splitting: true,
  external,
  logLevel: "warning",
});
await cp("src/db/migrations", "dist/migrations", { recursive: true });
console.log("API built into apps/api/dist");
