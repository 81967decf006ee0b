// The storefront's production server (`npm start`): static assets, compression, request logs, and React
// Router's request handler. It exists, rather than react-router-serve, for one reason: the API throttles
// failed sign-ins per client, and only this server knows the shopper's address. It writes that address into
// a request header of its own (overwriting anything a client sent), the app forwards it to the API as
// X-Forwarded-For, and the API trusts it from the storefront alone (TRUST_PROXY).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import morgan from "morgan";

/** Must match app/lib/client-address.server.ts. */
const CLIENT_ADDRESS_HEADER = "x-quire-client-address";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(path.join(here, "build", "server", "index.js"));
const port = Number(process.env.PORT || 3000);
const host = process.env.HOST;

const app = express();
app.disable("x-powered-by");
// Behind a load balancer, STOREFRONT_TRUST_PROXY (Express's "trust proxy" setting: a hop count, addresses or
// "true") lets req.ip come from X-Forwarded-For; otherwise it is the socket's address.
const trustProxy = process.env.STOREFRONT_TRUST_PROXY;
if (trustProxy) app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy === "true" ? true : trustProxy);

app.use(compression());
app.use("/assets", express.static(path.join(here, "build", "client", "assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(here, "build", "client"), { maxAge: "1h" }));
app.use(morgan("tiny"));
app.use((request, _response, next) => {
  request.headers[CLIENT_ADDRESS_HEADER] = request.ip ?? "";
  next();
});
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));

const server = host ? app.listen(port, host) : app.listen(port);
server.on("listening", () => console.log(`storefront listening on http://localhost:${port}`));
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
