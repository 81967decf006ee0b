import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readJournal, removeOlderSnapshots, snapshotName } from "./migration-files";

// The committed migrations follow decision 043: one baseline, then one migration per change, each in the
// journal in the order it was made, and one snapshot, the latest migration's.
const committed = path.join(import.meta.dirname, "migrations");

describe("the committed migrations", () => {
  it("are the journal's: one SQL file per entry, none outside it", async () => {
    const { entries } = await readJournal(committed);
    const files = (await readdir(committed)).filter((name) => name.endsWith(".sql")).sort();
    expect(files).toEqual(entries.map((entry) => `${entry.tag}.sql`));
  });

  it("start with the baseline, numbered in order, each made after the one before", async () => {
    // Drizzle applies a migration made after the latest one a database records, and db/migrate.ts refuses a
    // database that records one made before the baseline: both read these times.
    const { entries } = await readJournal(committed);
    expect(entries[0]!.tag).toBe("0000_baseline");
    entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      expect(entry.tag.startsWith(`${String(index).padStart(4, "0")}_`)).toBe(true);
      if (index > 0) expect(entry.when).toBeGreaterThan(entries[index - 1]!.when);
    });
  });

  it("keep one snapshot, the latest migration's, which drizzle-kit diffs the schema against", async () => {
    const { entries } = await readJournal(committed);
    expect((await readdir(path.join(committed, "meta"))).sort()).toEqual([snapshotName(entries.at(-1)!), "_journal.json"]);
  });
});

describe("removing older snapshots after drizzle-kit generate", () => {
  it("deletes every snapshot but the latest migration's, and nothing else", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "quire-snapshots-"));
    try {
      await mkdir(path.join(folder, "meta"));
      const entries = ["0000_baseline", "0001_gift-cards", "0002_gift-card-expiry"].map((tag, idx) => ({ idx, when: 1000 + idx, tag }));
      await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ version: "7", dialect: "postgresql", entries }));
      for (const entry of entries) {
        await writeFile(path.join(folder, `${entry.tag}.sql`), "select 1;");
        await writeFile(path.join(folder, "meta", snapshotName(entry)), JSON.stringify({ id: entry.tag }));
      }

      expect(await removeOlderSnapshots(folder)).toEqual(["0000_snapshot.json", "0001_snapshot.json"]);
      expect((await readdir(path.join(folder, "meta"))).sort()).toEqual(["0002_snapshot.json", "_journal.json"]);
      expect(JSON.parse(await readFile(path.join(folder, "meta", "0002_snapshot.json"), "utf8"))).toEqual({ id: "0002_gift-card-expiry" });
      expect((await readdir(folder)).filter((name) => name.endsWith(".sql"))).toHaveLength(3);
      // Run again (nothing generated since): nothing to delete.
      expect(await removeOlderSnapshots(folder)).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
