import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { expect, it } from "vitest";
import {
  assertBuilt,
  createE2eDatabase,
  DEMO_API_KEY,
  DEMO_STORE_KEY,
  freePort,
  root,
  stopProcess,
} from "../apps/storefront/tests/e2e/stack";

/** What MailDev's REST API (`GET /api/email`) says of each message, as far as this test reads it. */
interface CaughtMail {
  subject: string;
  to: { address: string }[];
  text?: string;
}

/**
 * A newcomer's `npm start` with no SMTP_URL (decision 015): start.mjs runs MailDev beside the API and the
 * storefront, points the API's mail at it and prints the inbox beside the shop. Started here as `npm start`
 * starts it after the build (migrate, seed, serve), on a database and DATA_DIR of its own and free ports.
 */
it("npm start without SMTP_URL delivers the sign-up email to a local inbox it prints, and stops it on Ctrl-C", async () => {
  assertBuilt();
  const database = await createE2eDatabase();
  const dataDir = database.env.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), "quire-start-")));
  const [apiPort, storefrontPort, smtpPort, inboxPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  // The shell's own database and mail settings must not leak in: the point is what happens without them.
  const {
    DATABASE_URL: _url,
    DATABASE_READ_URL: _readUrl,
    DATA_DIR: _dataDir,
    SMTP_URL: _smtp,
    MAIL_CATCHER: _catcher,
    STOREFRONT_URL: _storefrontUrl,
    API_URL: _apiUrl,
    ...inherited
  } = process.env;

  const logDir = path.join(root, "test-results");
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(path.join(logDir, "e2e-start-mail-catcher.log"));
  const output: string[] = [];
  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], {
    cwd: root,
    env: {
      ...inherited,
      ...database.env,
      DATA_DIR: dataDir,
      API_HOST: "127.0.0.1",
      API_PORT: String(apiPort),
      API_KEYS: DEMO_API_KEY,
      PORT: String(storefrontPort),
      HOST: "127.0.0.1",
      API_KEY: DEMO_API_KEY,
      STORE_KEY: DEMO_STORE_KEY,
      MAIL_CATCHER_PORT: String(smtpPort),
      MAIL_CATCHER_WEB_PORT: String(inboxPort),
      LOG_LEVEL: "warn",
      NO_COLOR: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  /** Resolves when start.mjs prints a line `pattern` matches; fails at once if it exits first. */
  const printed = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      for (const stream of [server.stdout, server.stderr]) {
        createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
          output.push(line);
          log.write(`${line}\n`);
          if (pattern.test(line)) resolve();
        });
      }
      server.once("exit", (code) =>
        reject(new Error(`start.mjs stopped (exit code ${code}) before printing ${pattern}:\n${output.join("\n")}`)),
      );
    });

  try {
    // The last line once every server answers; the inbox is listed above it, beside the shop.
    await printed(/^\[quire\] press Ctrl-C to stop$/);
    expect(output).toContain(`[quire] storefront  http://localhost:${storefrontPort}`);
    const inboxUrl = `http://localhost:${inboxPort}`;
    expect(output).toContain(`[quire] mail inbox  ${inboxUrl}`);

    const inbox = await fetch(inboxUrl, { headers: { accept: "text/html" } });
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get("content-type")).toContain("text/html");
    await inbox.body?.cancel();

    const email = `newcomer-${Date.now()}@example.com`;
    const signup = await fetch(`http://127.0.0.1:${apiPort}/auth/signup-request`, {
      method: "POST",
      headers: { "API-Key": DEMO_API_KEY, StoreKey: DEMO_STORE_KEY, "content-type": "application/json" },
      body: JSON.stringify({ email, firstName: "Nell", lastName: "Newcomer" }),
    });
    expect(signup.status).toBe(202);

    // The API sends within its default poll (a second); the inbox's REST API lists the message once MailDev has it.
    let caught: CaughtMail | undefined;
    await expect
      .poll(
        async () => {
          const response = await fetch(`http://127.0.0.1:${inboxPort}/api/email`);
          const messages = (await response.json()) as CaughtMail[];
          caught = messages.find((message) => message.to.some((to) => to.address === email));
          return caught !== undefined;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(true);
    expect(caught?.subject).toBe("Complete your Quire Books account");
    // Its link leads to the storefront npm start serves.
    expect(caught?.text).toContain(`http://localhost:${storefrontPort}/auth/sign-up/complete/`);
    // Kept under DATA_DIR, so the inbox survives a restart and goes with `rm -rf .data`.
    expect((await readdir(path.join(dataDir, "mail"))).some((file) => file.endsWith(".eml"))).toBe(true);

    // Ctrl-C stops the catcher with the rest, and the script ends cleanly.
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    server.kill("SIGINT");
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${inboxPort}/api/healthz`)).rejects.toThrow();
  } finally {
    await stopProcess(server);
    log.end();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}, 180_000);
