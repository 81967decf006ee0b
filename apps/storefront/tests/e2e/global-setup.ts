import { existsSync } from "node:fs";
import { chromiumPath } from "./browser-path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startSmtpCapture } from "../../../api/src/testing/smtp-capture";
import { serveMailbox } from "./mailbox";
import { assertBuilt, createE2eTemplate, DEMO_API_KEY, DEMO_STORE_KEY, SHARED_ADMIN_KEY, startStack } from "./stack";

/**
 * Runs once before the browser journeys: checks the browser and the database are there (under CI a
 * missing one fails the run, it never skips), then migrates and seeds the template database every stack
 * copies, starts Quire on a copy for the run and hands its URLs to the tests. Returns the teardown that
 * stops the servers and starts dropping the databases (in a process of its own: the run does not wait).
 */
export default async function setup(project: TestProject) {
  const chromePath = chromiumPath();
  if (!existsSync(chromePath)) {
    throw new Error(
      `No Chromium at ${chromePath}: the browser journeys need it. ` +
        "Install it (apt-get install -y chromium-headless-shell, or chromium) or point CHROME_PATH at a Chromium or Chrome binary.",
    );
  }

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl && process.env.CI) {
    throw new Error("TEST_DATABASE_URL must be set under CI: the browser journeys run against PostgreSQL");
  }
  if (serverUrl) {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
      await client.end();
    } catch (error) {
      throw new Error(`Cannot reach TEST_DATABASE_URL (${serverUrl}): ${(error as Error).message}`, { cause: error });
    }
  } else {
    console.warn("TEST_DATABASE_URL is not set: the browser journeys run on an embedded PGlite database");
  }

  assertBuilt();
  // Migrated and seeded once: every stack, this one and those the journeys start, is a copy of it.
  const { template, dropLater: dropTemplateLater } = await createE2eTemplate();
  project.provide("e2eTemplate", template);
  // The shared stack's mail is caught here and read by the journeys' processes over HTTP (mailbox.ts).
  const capture = await startSmtpCapture();
  const mailbox = await serveMailbox(capture);
  // Its storefront believes the X-Forwarded-For a browser context sends (browser.ts: newClientAddress), so each
  // journey is a client of its own to the limits the API keeps per client address.
  const stack = await startStack({
    name: "main",
    template,
    mail: capture,
    backOffice: true,
    env: { ADMIN_API_KEYS: SHARED_ADMIN_KEY, STOREFRONT_TRUST_PROXY: "loopback" },
  });
  project.provide("storefrontUrl", stack.storefrontUrl);
  project.provide("apiUrl", stack.apiUrl);
  project.provide("backOfficeUrl", stack.backOfficeUrl!);
  project.provide("sharedDatabaseUrl", stack.databaseUrl);
  project.provide("sharedMailboxUrl", mailbox.url);
  project.provide("apiKey", DEMO_API_KEY);
  project.provide("storeKey", DEMO_STORE_KEY);

  return async () => {
    await stack.stop();
    await mailbox.close();
    await capture.close();
    await dropTemplateLater();
  };
}
