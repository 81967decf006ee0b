import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_INVITE_LINK_FILE, demoInviteLogLine, saveDemoInviteLink } from "./demo-invite-link";

const LINK = "http://localhost:3000/auth/invite/complete/Zm9vYmFyYmF6cXV4cXV1eHF1dXg";

describe("the demo trade invitation's link", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "quire-seed-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is kept in a file of the data directory that only its owner can read", async () => {
    const file = await saveDemoInviteLink(path.join(dataDir, "new"), LINK);
    expect(file).toBe(path.join(dataDir, "new", DEMO_INVITE_LINK_FILE));
    expect(await readFile(file, "utf8")).toBe(`${LINK}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("replaces an older seed's link, and makes it owner-only too", async () => {
    await writeFile(path.join(dataDir, DEMO_INVITE_LINK_FILE), "old\n", { mode: 0o644 });
    const file = await saveDemoInviteLink(dataDir, LINK);
    expect(await readFile(file, "utf8")).toBe(`${LINK}\n`);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("is never in the log line, which says where to find it", () => {
    const line = demoInviteLogLine("trade@quire.example", `.data/${DEMO_INVITE_LINK_FILE}`);
    expect(line).toBe(`Demo trade invitation for trade@quire.example (works once): its link is in .data/${DEMO_INVITE_LINK_FILE}`);
    expect(line).not.toContain("/auth/invite/complete/");
  });
});
