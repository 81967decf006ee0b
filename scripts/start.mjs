// Runs Quire on one machine: applies migrations, seeds the demo store when the database is empty, then
// starts the API and the storefront and keeps them running until Ctrl-C. `npm start` runs it after the
// build; `npm run dev` runs it with --dev (watchers instead of the built bundles). --serve-only skips
// migrate and seed, for callers that prepared the database themselves (the browser tests do).
//
// Migrate and seed run one after the other, as their own processes, before the API starts: the embedded
// PostgreSQL (PGlite, used when DATABASE_URL is unset) can be opened by one process at a time.
//
// Without SMTP_URL, a local mail catcher (MailDev) runs beside them and the API sends its mail there, so
// emailed links are read in a web inbox (scripts/mail-catcher.mjs, decision 015); MAIL_CATCHER=off turns it
// off and the API prints each message instead.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { planMailCatcher } from "./mail-catcher.mjs";
import { describeConfiguredGateways, planPaymentSandbox } from "./payment-sandbox.mjs";
import { readableLogLine } from "./readable-log.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const apiDir = path.join(root, "apps", "api");
const storefrontDir = path.join(root, "apps", "storefront");
const adminDir = path.join(root, "apps", "admin");
const sandboxDir = path.join(root, "apps", "payment-sandbox");
const dev = process.argv.includes("--dev");
const serveOnly = process.argv.includes("--serve-only");

const apiPort = Number(process.env.API_PORT || 4000);
const storefrontPort = Number(process.env.PORT || 3000);
const adminPort = Number(process.env.ADMIN_PORT || 3001);
// BACK_OFFICE=off runs the shop without its back office (the browser tests' own stacks, a storefront-only host).
const backOffice = process.env.BACK_OFFICE !== "off";
const apiHost = process.env.API_HOST || "127.0.0.1";
// The storefront's server calls the API; a wildcard listen address is reached through loopback.
const apiReachableHost = ["0.0.0.0", "::", ""].includes(apiHost) ? "127.0.0.1" : apiHost;
const apiUrl = process.env.API_URL || `http://${apiReachableHost.includes(":") ? `[${apiReachableHost}]` : apiReachableHost}:${apiPort}`;
const storefrontHost = process.env.HOST && !["0.0.0.0", "::"].includes(process.env.HOST) ? process.env.HOST : "localhost";
const storefrontProbeUrl = `http://${storefrontHost.includes(":") ? `[${storefrontHost}]` : storefrontHost}:${storefrontPort}/`;
const startTimeoutMs = Number(process.env.START_TIMEOUT_MS || (dev ? 180_000 : 60_000));

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\u001b[${code}m${text}\u001b[0m` : text);
const labels = { migrate: "36", seed: "36", mail: "33", pay: "34", api: "35", web: "32", office: "32" };
const say = (text) => console.log(`${paint("1", "[quire]")} ${text}`);
// The processes write JSON lines; people at a terminal read them shortened, requests that went well left out
// (scripts/readable-log.mjs). LOG_FORMAT=json shows them as written, for a collector or a test that reads them.
const readable = process.env.LOG_FORMAT !== "json";

const children = new Map();
let shuttingDown = false;

/** The JavaScript file behind a package's command, so children run with this Node and no shell. */
function binOf(packageName, fromDir, binName = packageName.split("/").pop()) {
  const require = createRequire(path.join(fromDir, "package.json"));
  // Found on disk rather than resolved: a package's "exports" need not list its package.json (MailDev's does not).
  const manifestPath = require.resolve
    .paths(packageName)
    ?.map((dir) => path.join(dir, packageName, "package.json"))
    .find((file) => existsSync(file));
  if (!manifestPath) throw new Error(`${packageName} is not installed: run \`npm install\``);
  const { bin } = JSON.parse(readFileSync(manifestPath, "utf8"));
  const relative = typeof bin === "string" ? bin : bin[binName];
  return path.join(path.dirname(manifestPath), relative);
}

/** Starts a child whose output is forwarded line by line under its label. */
function launch(label, args, { cwd = root, env = {}, inheritOutput = false } = {}) {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: inheritOutput ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  children.set(child, label);
  if (!inheritOutput) {
    const prefix = paint(labels[label] ?? "0", `[${label}]`.padEnd(6));
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
        const shown = readable ? readableLogLine(line) : line;
        if (shown === null) return;
        for (const part of shown.split("\n")) out.write(`${prefix} ${part}\n`);
      });
    }
  }
  child.exitStatus = new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.on("error", (error) => {
      children.delete(child);
      console.error(`${label}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
  });
  return child;
}

/** Runs a one-off step (migrate, seed) to completion; a failure stops start-up. */
async function runStep(label, args, options) {
  const child = launch(label, args, { ...options, inheritOutput: true });
  const { code, signal } = await child.exitStatus;
  if (shuttingDown) await new Promise(() => {}); // shutdown() exits the process
  if (code !== 0) {
    console.error(`${label} failed (${signal ?? `exit code ${code}`})`);
    await shutdown(code || 1);
  }
}

/**
 * Starts a long-running server; if it stops on its own, everything stops with a failure, and `hint` (if any)
 * says what to try.
 */
function startServer(label, args, { hint, ...options } = {}) {
  const child = launch(label, args, options);
  void child.exitStatus.then(({ code, signal }) => {
    if (shuttingDown) return;
    console.error(`${label} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest`);
    if (hint) console.error(hint);
    void shutdown(code || 1);
  });
  return child;
}

/** Polls `url` until it answers as `ready` says, the child dies, or the start timeout passes. */
async function waitForHttp(label, url, child, ready) {
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (!children.has(child)) return new Promise(() => {}); // its exit handler is shutting down
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000), redirect: "manual" });
      // Read whole, not cancelled: after a cancelled read this connection stayed open, and the storefront's
      // shutdown waited about three seconds for it (every stop of `npm start` and of each test stack).
      await response.arrayBuffer();
      if (ready(response.status)) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.error(`${label} did not answer ${url} within ${startTimeoutMs / 1000} s; stopping`);
  await shutdown(1);
}

/**
 * Stops every child (SIGTERM, then SIGKILL once their own grace, SHUTDOWN_GRACE_SECONDS, is over by 2 s) and
 * exits with `exitCode`.
 */
async function shutdown(exitCode) {
  if (shuttingDown) return new Promise(() => {});
  shuttingDown = true;
  const running = [...children.keys()];
  for (const child of running) child.kill("SIGTERM");
  const graceSeconds = Number(process.env.SHUTDOWN_GRACE_SECONDS) || 8;
  const forceKill = setTimeout(
    () => {
      for (const child of children.keys()) child.kill("SIGKILL");
    },
    (graceSeconds + 2) * 1000,
  );
  await Promise.all(running.map((child) => child.exitStatus));
  clearTimeout(forceKill);
  process.exit(exitCode);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (shuttingDown) {
      // A second Ctrl-C: stop waiting for a graceful exit.
      for (const child of children.keys()) child.kill("SIGKILL");
      process.exit(1);
    }
    say(`${signal}: stopping`);
    void shutdown(0);
  });
}

const apiEnv = {
  NODE_ENV: dev ? "development" : "production",
  API_HOST: apiHost,
  API_PORT: String(apiPort),
  AUTH_TOKEN_SECRET: process.env.AUTH_TOKEN_SECRET || (dev ? "" : readOrCreateSecret("auth-token-secret")),
  // The merchant's admin API (orders): production has no key unless one is set, so a local start makes one.
  ADMIN_API_KEYS: process.env.ADMIN_API_KEYS || (dev ? "" : readOrCreateSecret("admin-api-key")),
  // Links in emails point at the storefront this script starts, unless a public address is configured.
  STOREFRONT_URL: process.env.STOREFRONT_URL || `http://localhost:${storefrontPort}`,
  // Staff invitations and the first owner's set-up link point at the back office this script starts.
  BACK_OFFICE_URL: process.env.BACK_OFFICE_URL || `http://localhost:${adminPort}`,
  // The storefront and the back office (on this machine) forward each person's address; the API believes it from loopback only.
  TRUST_PROXY: process.env.TRUST_PROXY || "127.0.0.1,::1",
};
if (!apiEnv.AUTH_TOKEN_SECRET) delete apiEnv.AUTH_TOKEN_SECRET;
if (!apiEnv.ADMIN_API_KEYS) delete apiEnv.ADMIN_API_KEYS;

/**
 * Production refuses to run without a token secret, and opens its admin API only to keys it is given. A local
 * `npm start` should still work on a fresh clone, so the first start writes random ones beside the embedded
 * database (`auth-token-secret`, `admin-api-key`) and later starts reuse them (signed-in customers stay signed
 * in across restarts). Real deployments set AUTH_TOKEN_SECRET and ADMIN_API_KEYS.
 */
function readOrCreateSecret(name) {
  const dataDir = path.resolve(root, process.env.DATA_DIR || ".data");
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
const storefrontEnv = {
  NODE_ENV: dev ? "development" : "production",
  PORT: String(storefrontPort),
  API_URL: apiUrl,
};
const adminProbeHost = process.env.ADMIN_HOST && !["0.0.0.0", "::"].includes(process.env.ADMIN_HOST) ? process.env.ADMIN_HOST : "127.0.0.1";
const adminEnv = {
  NODE_ENV: dev ? "development" : "production",
  ADMIN_PORT: String(adminPort),
  API_URL: apiUrl,
  STOREFRONT_URL: apiEnv.STOREFRONT_URL,
};

if (!dev) {
  const missing = [
    path.join(apiDir, "dist", "main.js"),
    path.join(storefrontDir, "build", "server", "index.js"),
    ...(backOffice ? [path.join(adminDir, "build", "server", "index.js")] : []),
    path.join(sandboxDir, "dist", "main.js"),
  ].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(`Not built yet (${missing.map((file) => path.relative(root, file)).join(", ")}): run \`npm start\`, which builds first.`);
    process.exit(1);
  }
}

if (process.env.DATABASE_URL) {
  say("database: the PostgreSQL server in DATABASE_URL");
} else {
  // Relative DATA_DIR is taken from the repository root, as the API does (apps/api/src/env.ts).
  const dataDir = path.resolve(root, process.env.DATA_DIR || ".data");
  mkdirSync(dataDir, { recursive: true });
  const shown = path.relative(root, dataDir);
  say(`database: embedded PostgreSQL (PGlite) in ${shown.startsWith("..") ? dataDir : shown}/pglite`);
}

// Mail goes to the catcher unless SMTP_URL names a server or MAIL_CATCHER=off (then the API prints it).
let mailCatcher;
let mailCatcherBin;
try {
  mailCatcher = planMailCatcher(process.env, { mailDirectory: path.resolve(root, process.env.DATA_DIR || ".data", "mail") });
  if (mailCatcher) mailCatcherBin = binOf("maildev", root);
} catch (error) {
  console.error(`${error.message}${mailCatcher ? "; or set SMTP_URL, or MAIL_CATCHER=off" : ""}`);
  process.exit(1);
}
if (mailCatcher) {
  apiEnv.SMTP_URL = mailCatcher.smtpUrl;
  say(`mail: caught by a local MailDev (SMTP port ${mailCatcher.smtpPort}), read in its web inbox`);
} else {
  say(process.env.SMTP_URL ? "mail: sent through the SMTP server in SMTP_URL" : "mail: printed in the API's log (MAIL_CATCHER=off)");
}

// Card and PayPal payments go to the local payment sandbox unless a real gateway's keys are set (Stripe, PayPal,
// Adyen or Mollie) or PAYMENT_SANDBOX=off.
let paymentSandbox;
try {
  paymentSandbox = planPaymentSandbox(process.env, { keysFile: path.join(sandboxDir, "sandbox-keys.json"), apiUrl });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (paymentSandbox) {
  Object.assign(apiEnv, paymentSandbox.apiEnv);
  // Without JavaScript, "Place order" redirects the form's post to the sandbox's page: the storefront's CSP allows it.
  storefrontEnv.PAYMENT_PAGE_ORIGINS = [process.env.PAYMENT_PAGE_ORIGINS, paymentSandbox.url].filter(Boolean).join(",");
  const names = paymentSandbox.gatewayNames;
  const listed = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  say(`payments: ${listed} through the local payment sandbox (port ${paymentSandbox.port}); no money moves`);
} else {
  say(describeConfiguredGateways(process.env));
}

const tsx = dev ? binOf("tsx", apiDir) : null;
const apiScript = (built, source) => (dev ? [tsx, source] : [path.join(apiDir, "dist", built)]);

// The stand-ins start at once and boot while the database is migrated and seeded; the API starts once they answer.
const startedHelpers = [];
if (mailCatcher) {
  const mail = startServer("mail", [mailCatcherBin, ...mailCatcher.args], {
    hint:
      `Is something else using port ${mailCatcher.smtpPort} or ${mailCatcher.webPort}? ` +
      "Choose others with MAIL_CATCHER_PORT and MAIL_CATCHER_WEB_PORT, or set SMTP_URL, or MAIL_CATCHER=off.",
  });
  startedHelpers.push(() => waitForHttp("mail", mailCatcher.healthUrl, mail, (status) => status === 200));
}

if (paymentSandbox) {
  const pay = startServer("pay", dev ? [tsx, "watch", "--clear-screen=false", "src/main.ts"] : [path.join(sandboxDir, "dist", "main.js")], {
    cwd: sandboxDir,
    env: paymentSandbox.sandboxEnv,
    hint: `Is something else using port ${paymentSandbox.port}? Choose another with PAYMENT_SANDBOX_PORT, or PAYMENT_SANDBOX=off.`,
  });
  startedHelpers.push(() => waitForHttp("pay", paymentSandbox.healthUrl, pay, (status) => status === 200));
}

if (!serveOnly) {
  await runStep("migrate", apiScript("migrate.js", "src/db/migrate-cli.ts"), { cwd: apiDir, env: apiEnv });
  await runStep("seed", [...apiScript("seed.js", "src/seed/seed-cli.ts"), "--if-empty"], { cwd: apiDir, env: apiEnv });
}
for (const untilAnswering of startedHelpers) await untilAnswering();

// Built servers start with @quire/telemetry's hook: traces when an OTLP endpoint is configured, else nothing.
const TELEMETRY = ["--import", "@quire/telemetry/register"];
const api = startServer(
  "api",
  dev ? [tsx, "watch", "--clear-screen=false", "src/main.ts"] : [...TELEMETRY, path.join(apiDir, "dist", "main.js")],
  {
    cwd: apiDir,
    env: apiEnv,
  },
);

// The storefront boots beside the API (it asks the API nothing until a request comes), and is probed once the API answers.
const reactRouterArgs = dev
  ? [binOf("@react-router/dev", storefrontDir, "react-router"), "dev", "--port", String(storefrontPort), "--strictPort"]
  : [...TELEMETRY, path.join(storefrontDir, "server.mjs")];
if (dev && process.env.HOST) reactRouterArgs.push("--host", process.env.HOST);
const web = startServer("web", reactRouterArgs, { cwd: storefrontDir, env: storefrontEnv });
// The back office likewise: its own React Router app (apps/admin) over the admin API.
const backOfficeArgs = dev
  ? [binOf("@react-router/dev", adminDir, "react-router"), "dev", "--port", String(adminPort), "--strictPort"]
  : [...TELEMETRY, path.join(adminDir, "server.mjs")];
if (process.env.ADMIN_HOST) backOfficeArgs.push(...(dev ? ["--host", process.env.ADMIN_HOST] : []));
const office = backOffice
  ? startServer("office", backOfficeArgs, {
      cwd: adminDir,
      env: adminEnv,
      hint: `Is something else using port ${adminPort}? Choose another with ADMIN_PORT.`,
    })
  : null;
await waitForHttp("api", `${apiUrl}/health`, api, (status) => status === 200);
// Any HTTP answer means the storefront is serving; whether the home page is right is for the tests.
await waitForHttp("web", storefrontProbeUrl, web, (status) => status > 0);
if (office)
  await waitForHttp("office", `http://${adminProbeHost}:${adminPort}/health`, office, (status) => (dev ? status > 0 : status === 200));
const setUpLink = office ? await firstOwnerSetUpLink() : null;

say("ready");
say(`storefront  ${paint("1", `http://localhost:${storefrontPort}`)}`);
if (office) say(`back office ${paint("1", apiEnv.BACK_OFFICE_URL)}    (ADMIN_PORT)`);
say(`API         ${paint("1", `http://localhost:${apiPort}`)}`);
say(`API docs    ${paint("1", `http://localhost:${apiPort}/docs`)}`);
if (mailCatcher) say(`mail inbox  ${paint("1", mailCatcher.inboxUrl)}`);
if (paymentSandbox) say(`payments    ${paint("1", paymentSandbox.url)} (sandbox: card 4242 4242 4242 4242, any future expiry)`);
if (!dev && !process.env.ADMIN_API_KEYS)
  say(
    `admin key   in ${path.relative(root, path.resolve(root, process.env.DATA_DIR || ".data", "admin-api-key"))} (the Admin-Key header of /admin calls)`,
  );
if (setUpLink) {
  say(`no one can sign in to the back office yet: open this link to create the shop's owner (it works once, for 72 hours)`);
  say(`            ${paint("1", setUpLink)}`);
}
say("press Ctrl-C to stop");

/**
 * The shop's first owner: while the store has no active owner, the API makes a one-time set-up link to the back
 * office when asked with a bootstrap admin key (decision 046); printed here, on the terminal of the person who
 * started the shop, never in a log. Once an owner exists the API refuses (409) and nothing is printed. Without a
 * bootstrap key (`npm run dev` with no ADMIN_API_KEYS) the README's `npm run staff` invites the first owner.
 */
async function firstOwnerSetUpLink() {
  const adminKey = apiEnv.ADMIN_API_KEYS?.split(",")[0]?.trim();
  if (!adminKey) return null;
  try {
    const response = await fetch(`${apiUrl}/admin/auth/set-up-link`, {
      method: "POST",
      headers: { "Admin-Key": adminKey, StoreKey: process.env.STORE_KEY || "quire-demo" },
    });
    if (response.status === 409) return null;
    if (!response.ok) {
      say(`could not make the back office's set-up link (the API answered ${response.status})`);
      return null;
    }
    return (await response.json()).data.link;
  } catch (error) {
    say(`could not make the back office's set-up link: ${error.message}`);
    return null;
  }
}
