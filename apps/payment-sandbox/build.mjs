// Bundles the payment sandbox for `npm start`; npm dependencies stay external and load from node_modules.
import { readFile, rm } from "node:fs/promises";
import { build } from "esbuild";

const pkg = JSON.parse(await readFile(new URL("./package.json", import.meta.url), "utf8"));

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/main.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  external: Object.keys(pkg.dependencies),
  logLevel: "warning",
});
