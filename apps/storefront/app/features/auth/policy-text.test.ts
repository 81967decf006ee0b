import { describe, expect, it } from "vitest";
import { toPolicyBlocks } from "./policy-text";

describe("the privacy policy's text", () => {
  it("splits paragraphs on blank lines and reads #-prefixed lines as headings", () => {
    expect(toPolicyBlocks("# Who we are\n\nWe sell books.\nIn London.\r\n\r\n## Your rights\n\n\n\nAsk us.")).toEqual([
      { kind: "heading", text: "Who we are" },
      { kind: "paragraph", text: "We sell books. In London." },
      { kind: "heading", text: "Your rights" },
      { kind: "paragraph", text: "Ask us." },
    ]);
  });

  it("keeps markup as text and ignores empty bodies", () => {
    expect(toPolicyBlocks("<script>x</script>")).toEqual([{ kind: "paragraph", text: "<script>x</script>" }]);
    expect(toPolicyBlocks("  \n\n ")).toEqual([]);
  });

  it("does not take a paragraph that merely starts with # for a heading", () => {
    expect(toPolicyBlocks("# Heading\nwith a second line")).toEqual([{ kind: "paragraph", text: "# Heading with a second line" }]);
  });
});
