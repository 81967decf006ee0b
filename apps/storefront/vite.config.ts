import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig, type Alias } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const APP_DIRECTORY = path.join(import.meta.dirname, "app");
const ROOT_MODULE = path.join(APP_DIRECTORY, "root.tsx");

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompressedAssets()])],
  resolve: { tsconfigPaths: true, alias: command === "build" && !isSsrBuild ? reactRouterProductionBuild() : [] },
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: { groups: browserChunkGroups() }, chunkFileNames } } },
}));

/**
 * React Router's production build for the browser's scripts. Its package names only its development build
 * (dist/development), which checks the app as it runs and warns; dist/production is the same code without those
 * checks. The server's copy is moved the same way, by a module hook (@quire/web-kit's react-router-production.mjs).
 */
function reactRouterProductionBuild(): Alias[] {
  const production = path.join(path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist", "production");
  return [
    { find: /^react-router$/, replacement: path.join(production, "index.mjs") },
    { find: /^react-router\/dom$/, replacement: path.join(production, "dom-export.mjs") },
  ];
}

/**
 * A chunk shared by several routes is named by the bundler after all of them ("contracts~root~default-layout~
 * home~store~..."), and every page names its scripts in React Router's inline manifest and its module preloads:
 * 120 characters eight times over in each page's HTML. The file keeps the first part of its name and its hash.
 */
function chunkFileNames(chunk: { name: string }): string {
  return `assets/${chunk.name.split("~")[0]}-[hash].js`;
}

/**
 * How the browser's scripts are split (issue 9: a page's JavaScript, gzipped, is budgeted). Left to itself,
 * the bundler gives every set of routes that shares a module a chunk of its own: thirty small scripts on a
 * page, each compressed alone, several kilobytes more than the same code in a few. Everything the root route
 * imports is on every page anyway, so it is one chunk, "shell"; React Router with React is another, as it
 * changes only with an upgrade. The contracts' constants keep the default split by the routes that use each
 * module: otherwise the shell, which takes its modules' imports with it, would take the password rules the
 * sign-up page alone needs. Dynamic imports (dialogs, the toast region) stay chunks of their own.
 */
function browserChunkGroups() {
  let shell: Set<string> | undefined;
  /** The app's modules the root imports, directly or through others (not its CSS, which stays the root's). */
  const shellModules = (getModuleInfo: (id: string) => { importedIds: readonly string[] } | null) => {
    if (shell) return shell;
    const found = new Set<string>();
    const pending = [ROOT_MODULE];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      for (const imported of getModuleInfo(id)?.importedIds ?? []) {
        if (imported.startsWith(APP_DIRECTORY + path.sep) && !imported.endsWith(".css") && !found.has(imported)) {
          found.add(imported);
          pending.push(imported);
        }
      }
    }
    return (shell = found);
  };
  return [
    { name: "react-router", test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
    { name: "contracts", test: /packages[\\/]contracts[\\/]/, priority: 2, entriesAware: true },
    {
      debugName: "shell",
      name: (id: string, context: { getModuleInfo: (id: string) => { importedIds: readonly string[] } | null }) =>
        shellModules((moduleId) => context.getModuleInfo(moduleId)).has(id) ? "shell" : null,
      priority: 1,
    },
  ];
}

/**
 * The browser's scripts, stylesheet and SVGs are written gzipped and in brotli beside each file, once, at their
 * best compression: server.mjs sends the file in the encoding a browser accepts instead of compressing it again
 * for every request (a page's first view asked for some twenty files, 66 ms of the storefront's CPU).
 */
function precompressedAssets() {
  return compression({
    include: /\.(js|css|svg)$/,
    threshold: 1024,
    algorithms: [defineAlgorithm("gzip", { level: 9 }), defineAlgorithm("brotliCompress")],
    logLevel: "silent",
  });
}
