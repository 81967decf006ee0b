// Traces with OpenTelemetry (issue 13), for a process started as `node --import @quire/telemetry/register <entry>`.
// Nothing happens unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or ..._TRACES_ENDPOINT for
// traces alone) and OTEL_SDK_DISABLED is not "true": then the SDK starts before the process's own modules load, so
// the HTTP server and client and PostgreSQL client it instruments are patched when they are first imported.
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";
import { tracingConfigured } from "./config.mjs";

if (isMainThread && tracingConfigured(process.env)) {
  const { createAddHookMessageChannel } = await import("import-in-the-middle");
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  // The ES-module hook that lets instrumentations patch modules imported with `import`, as the apps import them.
  register("import-in-the-middle/hook.mjs", import.meta.url, registerOptions);
  const { startTracing } = await import("./tracing.mjs");
  startTracing(process.env, process.argv[1] ?? "");
  await waitForAllMessagesAcknowledged();
}
