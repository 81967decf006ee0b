import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";

/** drizzle-kit's list of the migrations in a folder (`meta/_journal.json`), oldest first. */
export interface MigrationJournal {
  entries: { idx: number; when: number; tag: string }[];
}

export async function readJournal(folder: string): Promise<MigrationJournal> {
  return JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as MigrationJournal;
}

/** The snapshot drizzle-kit writes beside a migration: the whole schema after it, named by its number. */
export function snapshotName(entry: { tag: string }): string {
  return `${entry.tag.split("_")[0]}_snapshot.json`;
}

/**
 * Deletes every snapshot but the latest migration's, and answers the names deleted. drizzle-kit generate
 * diffs the schema against the latest snapshot only (it reads the others just to check that no two name the
 * same parent); each is a full copy of the schema, so keeping them all made them most of the repository's
 * lines (decision 043).
 */
export async function removeOlderSnapshots(folder: string): Promise<string[]> {
  const latest = (await readJournal(folder)).entries.at(-1);
  if (!latest) return [];
  const keep = snapshotName(latest);
  const meta = path.join(folder, "meta");
  const older = (await readdir(meta)).filter((name) => /^\d+_snapshot\.json$/.test(name) && name !== keep).sort();
  for (const name of older) await rm(path.join(meta, name));
  return older;
}
