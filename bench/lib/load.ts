import autocannon from "autocannon";
import { cpuMillisOf } from "./processes";

/** One load run's figures: throughput, latency and, for the server that rendered the page, CPU per request. */
export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, connection errors and time-outs. */
  errors: number;
  requests: number;
  /** CPU milliseconds the measured process spent per answered request; null when no process was named. */
  cpuMsPerRequest: number | null;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** The process whose CPU time is read before and after (the server rendering the page). */
  pid?: number;
  timeoutSeconds?: number;
}

/** Loads one URL with autocannon for a fixed time. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = options.pid === undefined ? 0 : cpuMillisOf(options.pid);
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: { "accept-encoding": "gzip", ...options.headers },
    timeout: options.timeoutSeconds ?? 30,
  });
  const cpuAfter = options.pid === undefined ? 0 : cpuMillisOf(options.pid);
  const requests = result["2xx"] + result.non2xx;
  // With no answer in the run autocannon reports 0 ms; nothing answered is slower than any figure.
  const noAnswer = requests === 0 ? Number.POSITIVE_INFINITY : undefined;
  return {
    requestsPerSecond: result.requests.average,
    p50: noAnswer ?? result.latency.p50,
    p99: noAnswer ?? result.latency.p99,
    errors: result.non2xx + result.errors, // autocannon's errors include its time-outs
    requests,
    cpuMsPerRequest: options.pid === undefined || requests === 0 ? null : (cpuAfter - cpuBefore) / requests,
  };
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The median of each figure over rounds; errors are summed, as any error in any round counts. */
export function medianOf(results: LoadResult[]): LoadResult {
  const cpu = results.map((result) => result.cpuMsPerRequest).filter((value): value is number => value !== null);
  return {
    requestsPerSecond: median(results.map((result) => result.requestsPerSecond)),
    p50: median(results.map((result) => result.p50)),
    p99: median(results.map((result) => result.p99)),
    errors: results.reduce((total, result) => total + result.errors, 0),
    requests: median(results.map((result) => result.requests)),
    cpuMsPerRequest: cpu.length ? median(cpu) : null,
  };
}

/** How long one request takes, in milliseconds, from a client that has not asked for it before. */
export async function timeOneRequest(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ ms: number; status: number | "timeout" }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return { ms: timeoutMs, status: "timeout" };
    throw error;
  }
}
