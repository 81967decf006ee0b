// What `npm start` shows a person at the terminal. The API, the worker and the storefront always write JSON
// lines (one per event, a request's lines with its id), which is what log collectors read in production. At a
// terminal, ten request lines per page view bury what matters, so start.mjs passes each line through
// readableLogLine unless LOG_FORMAT=json: requests that went well are left out, everything else is one short
// line with its time and level (an error's stack below it). Lines that are not a JSON log entry pass unchanged.

const LEVEL_NAMES = { 10: "trace", 20: "debug", 30: "info", 40: "warn", 50: "error", 60: "fatal" };
const WARN = 40;

/** The status of a request line, or undefined when the entry is not about one answered request. */
function requestStatus(entry) {
  const status = entry.res?.statusCode;
  return typeof status === "number" ? status : undefined;
}

/** A request's own lines: the API's "incoming request"/"request completed", the storefront's "GET /x 200". */
function isRequestLine(entry) {
  return (
    entry.msg === "incoming request" || entry.msg === "request completed" || (entry.req !== undefined && requestStatus(entry) !== undefined)
  );
}

/**
 * The readable form of one output line, or null to leave it out (a request answered below 500 and logged below
 * warn). `timeZone` is for tests; people see their own clock.
 */
export function readableLogLine(line, { timeZone } = {}) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (entry === null || typeof entry !== "object" || typeof entry.level !== "number" || typeof entry.msg !== "string") return line;
  const status = requestStatus(entry);
  if (isRequestLine(entry) && entry.level < WARN && !(status !== undefined && status >= 500)) return null;

  const time = typeof entry.time === "number" ? new Date(entry.time).toLocaleTimeString("en-GB", { hour12: false, timeZone }) : "";
  const level = LEVEL_NAMES[entry.level] ?? String(entry.level);
  let text = `${time} ${level.padEnd(5)} ${entry.msg}`.trimStart();
  if (entry.msg === "request completed" && status !== undefined) text += ` (${status})`;
  if (entry.level >= WARN && typeof entry.reqId === "string" && entry.reqId !== "") text += ` [request ${entry.reqId}]`;
  const error = entry.err;
  if (error && typeof error === "object") {
    if (typeof error.stack === "string") text += `\n${error.stack}`;
    else if (typeof error.message === "string") text += `: ${error.message}`;
  }
  return text;
}
