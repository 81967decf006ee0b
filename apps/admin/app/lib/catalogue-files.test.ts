import { MAX_CATALOGUE_FILE_BYTES } from "@quire/contracts";
import { describe, expect, it } from "vitest";
import { importRefreshMeta } from "./catalogue-files";
import { catalogueFileText, uploadTooLarge } from "./catalogue-files.server";

function formWith(file?: File): FormData {
  const form = new FormData();
  form.set("format", "quire");
  if (file) form.set("file", file);
  return form;
}

describe("the catalogue import's upload", () => {
  it("reads a UTF-8 file as its text", async () => {
    expect(await catalogueFileText(formWith(new File(["handle,name\nbook,Café\n"], "c.csv")))).toEqual({
      text: "handle,name\nbook,Café\n",
    });
  });

  it("refuses no file, an empty file and one that is not UTF-8, saying how to fix it", async () => {
    expect(await catalogueFileText(formWith())).toEqual({ problem: "Choose a CSV file to check.", status: 400 });
    expect(await catalogueFileText(formWith(new File([], "")))).toEqual({ problem: "Choose a CSV file to check.", status: 400 });
    expect(await catalogueFileText(formWith(new File([], "c.csv")))).toEqual({ problem: "The file is empty.", status: 400 });
    const latin1 = new File([new Uint8Array([0x68, 0x2c, 0x6e, 0x0a, 0x62, 0x2c, 0x43, 0x61, 0x66, 0xe9])], "c.csv");
    expect(await catalogueFileText(formWith(latin1))).toMatchObject({ problem: expect.stringContaining("not UTF-8"), status: 400 });
  });

  it("refuses a body larger than the API takes from its Content-Length, before reading it", () => {
    const sized = (length: number) =>
      new Request("http://office.test/products/import", { method: "POST", headers: { "content-length": String(length) } });
    expect(uploadTooLarge(sized(MAX_CATALOGUE_FILE_BYTES + 1_000_000))).toMatch(/larger than 100 MB/);
    expect(uploadTooLarge(sized(5_000_000))).toBeNull();
    expect(uploadTooLarge(new Request("http://office.test/products/import", { method: "POST" }))).toBeNull();
  });
});

describe("the import's progress page", () => {
  it("reloads itself every two seconds while the import is queued or running, and not once it is over", () => {
    expect(importRefreshMeta("queued")).toEqual([{ httpEquiv: "refresh", content: "2" }]);
    expect(importRefreshMeta("running")).toEqual([{ httpEquiv: "refresh", content: "2" }]);
    expect(importRefreshMeta("succeeded")).toEqual([]);
    expect(importRefreshMeta("failed")).toEqual([]);
    expect(importRefreshMeta(undefined)).toEqual([]);
  });
});
