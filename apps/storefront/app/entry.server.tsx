import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { PassThrough } from "node:stream";
import { cspNonceContext, SCRIPT_HASHES_HEADER } from "./lib/csp-nonce.server";
import { inlineScriptHashes } from "./features/page-cache/page-store.server";
import { withRetryAfter } from "./lib/api-unavailable.server";
import { turnBuffer } from "./lib/turn-buffer.server";
import { publicPageContext } from "./features/page-cache/public-page.server";

// The production server (server.mjs) is plain JavaScript outside the build; it reaches the app's code for the
// load context and the request log through these re-exports of the server build's entry module.
export { createLoadContext, SCRIPT_HASHES_HEADER, withScriptHashes } from "./lib/csp-nonce.server";
export { createLog, inRequestScope, requestLogger, routeConsoleTo } from "./lib/log.server";
export { tagManagerOriginFor } from "./features/consent/consent.server";
export { getEnv } from "./lib/env.server";
export { startPageCache } from "./features/page-cache/start.server";
export { requestIdFor } from "./lib/request-id.server";
export { NOT_READY_RETRY_AFTER_SECONDS, STOPPING_READINESS, storefrontReadiness } from "./lib/health.server";

export const streamTimeout = 5_000;

/** A client-side navigation's data while the API is away (503) says when to try again, as the page would. */
export function handleDataRequest(response: Response): Response {
  withRetryAfter(response.status, response.headers);
  return response;
}

/**
 * React Router's default Node entry, plus the request's CSP nonce: ServerRouter puts it on the scripts it
 * renders and hands it to <Scripts>, <ScrollRestoration> and <Links>; React puts it on the scripts of
 * streamed Suspense boundaries. Without it the CSP (no 'unsafe-inline' for scripts) would block hydration.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The "back shortly" page (the API away): a balancer or a browser learns when to try again.
  withRetryAfter(responseStatusCode, responseHeaders);
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell first and the rest as it streams. So does a page that
    // may be shared: its Surrogate-Key header must name what its deferred parts show too, and headers go first.
    const sharable = loadContext.get(publicPageContext) !== null;
    const whole = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || sharable;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        responseHeaders.set("Content-Type", "text/html");
        if (sharable) {
          // A page that may be shared is sent whole, its policy naming its inline scripts' hashes instead of this
          // request's nonce (server.mjs rewrites it from SCRIPT_HASHES_HEADER): a shared copy carries no usable nonce.
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.once("end", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            const html = Buffer.concat(chunks);
            responseHeaders.set(SCRIPT_HASHES_HEADER, inlineScriptHashes(html.toString("utf8")).join(" "));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(body);
          return;
        }
        // What React renders in one turn goes out as one chunk: compressed, flushed and sent once (turn-buffer.server.ts).
        const body = turnBuffer();
        body.once("finish", () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject and are logged by React Router; only later ones are logged here.
        if (shellRendered) console.error(error);
      },
    });
  });
}
