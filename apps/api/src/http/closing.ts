import type { FastifyInstance } from "fastify";

/**
 * While the server closes (SIGTERM: app.close(), shutdown.ts), every answer carries Connection: close. The
 * keep-alive connection it goes out on then closes with it, instead of holding the close up for the connection's
 * idle time-out (Fastify keeps one 72 s), and the client sends its next request on a new connection, which a
 * balancer gives to another API process. New requests on connections still open answer 503 meanwhile (Fastify's
 * return503OnClosing).
 */
export function registerConnectionCloseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
}
