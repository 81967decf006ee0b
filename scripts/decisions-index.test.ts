import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md indexes every decision record with its status. A record added without its row, a row
// left behind when a record is renamed, or a status changed in one place and not the other would mislead the next
// reader, so this test holds the index and the records to each other.
const decisionsDir = new URL("../docs/decisions/", import.meta.url);
const recordFiles = readdirSync(decisionsDir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const index = readFileSync(new URL("README.md", decisionsDir), "utf8");

type IndexRow = { number: string; file: string; status: string };

/** The index's table rows: `| 001 | [Title](001-file.md) | status | one line |`. */
function indexRows(markdown: string): IndexRow[] {
  const rows: IndexRow[] = [];
  for (const line of markdown.split("\n")) {
    const row = /^\|\s*(\d{3})\s*\|\s*\[[^\]]*\]\(([^)\s]+)\)\s*\|([^|]*)\|/.exec(line);
    if (row) rows.push({ number: row[1]!, file: row[2]!, status: normaliseStatus(row[3]!) });
  }
  return rows;
}

/**
 * A record's status: its `Status:` line, read before the first section. Records written before that line was
 * adopted (001 to 039) have none and count as accepted, unless a note under the title says a later record
 * supersedes them, in full or in part.
 */
function recordStatus(markdown: string): string {
  const head = markdown.split(/^## /m)[0]!;
  const statusLine = /^Status:(.*)$/im.exec(head);
  if (statusLine) return normaliseStatus(statusLine[1]!);
  const note = /^\*?(in part superseded|superseded) by \[(\d{3})\]/im.exec(head);
  if (note) return note[1]!.toLowerCase().startsWith("in part") ? `accepted, in part superseded by ${note[2]}` : `superseded by ${note[2]}`;
  return "accepted";
}

/** Compares statuses as written, ignoring links' targets, emphasis, case, spacing and a closing full stop. */
function normaliseStatus(status: string): string {
  return status
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.$/, "")
    .toLowerCase();
}

const rows = indexRows(index);

describe("the decision records' index", () => {
  it("has a row for every decision record", () => {
    expect(recordFiles.length).toBeGreaterThan(0);
    const indexed = new Set(rows.map((row) => row.file));
    expect(recordFiles.filter((file) => !indexed.has(file))).toEqual([]);
  });

  it("lists only records that exist, each once, under its own number", () => {
    const existing = new Set(recordFiles);
    expect(rows.filter((row) => !existing.has(row.file)).map((row) => row.file)).toEqual([]);
    expect(rows.filter((row) => !row.file.startsWith(`${row.number}-`)).map((row) => `${row.number} ${row.file}`)).toEqual([]);
    const numbers = rows.map((row) => row.number);
    expect(numbers.filter((number, at) => numbers.indexOf(number) !== at)).toEqual([]);
  });

  it("gives each record the status the record itself states", () => {
    const differing = rows
      .filter((row) => recordFiles.includes(row.file))
      .map((row) => ({ file: row.file, index: row.status, record: recordStatus(readFileSync(new URL(row.file, decisionsDir), "utf8")) }))
      .filter((entry) => entry.index !== entry.record);
    expect(differing).toEqual([]);
  });

  it("reads a record's status from its Status line, or from a note that a later record supersedes it", () => {
    expect(recordStatus("# 050: X\n\nDate: 2026-01-01\nStatus: Superseded by [051](051-y.md).\n\n## Context\nStatus: accepted\n")).toBe(
      "superseded by 051",
    );
    expect(recordStatus("# 016: X\n\n*In part superseded by [035](035-y.md): the search text is gone.*\n\n## Context\n")).toBe(
      "accepted, in part superseded by 035",
    );
    expect(recordStatus("# 001. X\n\n## Context\nSuperseded by [002](002-y.md) is quoted here, not a note.\n")).toBe("accepted");
  });
});
