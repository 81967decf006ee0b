import { describe, expect, it } from "vitest";
import { parseOrigin } from "./env.server";

describe("parseOrigin (EDITOR_PREVIEW_ORIGIN)", () => {
  it("accepts an http(s) origin, with or without a trailing slash, in any case", () => {
    expect(parseOrigin("https://editor.example")).toBe("https://editor.example");
    expect(parseOrigin("https://editor.example/")).toBe("https://editor.example");
    expect(parseOrigin("http://127.0.0.1:4100")).toBe("http://127.0.0.1:4100");
    expect(parseOrigin("https://Editor.Example")).toBe("https://editor.example");
  });

  it.each([
    "editor.example",
    "https://editor.example/preview",
    "https://editor.example?x=1",
    "https://user@editor.example",
    "ftp://editor.example",
    "*",
    "'self'",
  ])("refuses %s", (value) => {
    expect(parseOrigin(value)).toBeNull();
  });
});
