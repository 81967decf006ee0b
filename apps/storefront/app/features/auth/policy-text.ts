/** A block of the privacy policy's text: a heading ("## Title" or "# Title") or a paragraph. */
export type PolicyBlock = { kind: "heading"; text: string } | { kind: "paragraph"; text: string };

/**
 * The policy's body as blocks. The shop writes it as plain text with blank lines between paragraphs and
 * "#"-prefixed headings; it is only ever rendered as text, so nothing in it can become markup.
 */
export function toPolicyBlocks(body: string): PolicyBlock[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): PolicyBlock => {
      const heading = /^#{1,3}\s+(.+)$/.exec(block);
      return heading && !block.includes("\n")
        ? { kind: "heading", text: heading[1]!.trim() }
        : { kind: "paragraph", text: block.replace(/\s*\n\s*/g, " ") };
    });
}
