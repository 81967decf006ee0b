import { Transform } from "node:stream";

/**
 * A stream that passes on what is written to it within one turn of the event loop as one chunk.
 *
 * React writes a page as it renders it, in views of 4 KB, and React Router adds its data as many small scripts: a
 * product page was some thirty writes. Each write of a response is compressed and flushed on its own (server.mjs:
 * gzip flushes every write, so a Suspense boundary that resolves later is not held back), and sent to the socket on
 * its own; per write, that was a fifth of the storefront's busy time. What is rendered together is written
 * together, in one turn, so this gives the response one chunk per turn: the shell at once, each later boundary
 * when it resolves, one turn late at most.
 */
export function turnBuffer(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(passOn);
      }
      callback();
    },
    flush(callback) {
      passOn();
      callback();
    },
  });
  function passOn() {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  }
  return stream;
}
