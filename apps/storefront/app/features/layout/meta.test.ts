import { describe, expect, it } from "vitest";
import { pageTitle, storeNameFrom } from "./meta";

const matches = [
  { id: "root", loaderData: { settings: { name: "Quire Books" } } },
  { id: "routes/content-page", loaderData: {} },
];

describe("page titles", () => {
  it("appends the store name from the root match", () => {
    expect(pageTitle("About us", matches)).toBe("About us | Quire Books");
  });

  it("lets a title that already names the store stand alone, and uses the name when there is no title", () => {
    expect(pageTitle("Quire Books: gift books, wrapped and sent", matches)).toBe("Quire Books: gift books, wrapped and sent");
    expect(pageTitle(undefined, matches)).toBe("Quire Books");
  });

  it("falls back to the demo shop's name when the root data is missing", () => {
    expect(storeNameFrom([{ id: "root", loaderData: undefined }])).toBe("Quire Books");
    expect(storeNameFrom([{ id: "root", loaderData: { settings: { name: "Other Shop" } } }])).toBe("Other Shop");
    expect(storeNameFrom([undefined])).toBe("Quire Books");
  });
});
