import { describe, expect, it } from "vitest";
import { acceptsFile } from "./file-accept";

describe("acceptsFile", () => {
  const png = { name: "Cover.PNG", type: "image/png" };
  const csv = { name: "catalogue.csv", type: "text/csv" };
  const csvFromWindows = { name: "Catalogue.CSV", type: "application/vnd.ms-excel" };

  it("takes a media type named in the list, and no other", () => {
    expect(acceptsFile("image/jpeg,image/png", png)).toBe(true);
    expect(acceptsFile("image/jpeg,image/webp", png)).toBe(false);
  });

  it("takes a family of media types", () => {
    expect(acceptsFile("image/*", png)).toBe(true);
    expect(acceptsFile("image/*", csv)).toBe(false);
  });

  it("takes a file by its name's ending, whatever its type and case", () => {
    expect(acceptsFile(".csv,text/csv", csvFromWindows)).toBe(true);
    expect(acceptsFile(".csv", png)).toBe(false);
  });

  it("takes anything when the list is empty", () => {
    expect(acceptsFile("", png)).toBe(true);
    expect(acceptsFile(" , ", csv)).toBe(true);
  });
});
