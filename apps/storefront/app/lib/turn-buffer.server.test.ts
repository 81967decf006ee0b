import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { turnBuffer } from "./turn-buffer.server";

/** Every chunk the stream passes on, as text, until it ends. */
function chunksOf(stream: ReturnType<typeof turnBuffer>): Promise<string[]> {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return once(stream, "end").then(() => chunks);
}

describe("turnBuffer", () => {
  it("passes on what is written within one turn as one chunk, and each later turn's as its own", async () => {
    const stream = turnBuffer();
    const chunks = chunksOf(stream);
    for (const part of ["<html>", "<head>", "</head>"]) stream.write(Buffer.from(part));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    stream.write(Buffer.from("<body>"));
    stream.write(Buffer.from("late"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.end(Buffer.from("</body></html>"));
    expect(await chunks).toEqual(["<html><head></head>", "<body>late", "</body></html>"]);
  });

  it("passes on what is still held when it ends, and nothing after", async () => {
    const stream = turnBuffer();
    const chunks = chunksOf(stream);
    stream.write(Buffer.from("a"));
    stream.end(Buffer.from("b"));
    expect(await chunks).toEqual(["ab"]);
  });
});
