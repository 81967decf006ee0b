import { spawn } from "node:child_process";
import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { stopProcess } from "../../apps/storefront/tests/e2e/stack";

/** Debian's package (apt-get install -y haproxy) puts it here. */
const HAPROXY = "/usr/sbin/haproxy";

/** One server of a backend: its name in HAProxy's logs, and the local port it listens on. */
export interface BackendServer {
  name: string;
  port: number;
}

export interface BalancerPlan {
  /** The port shoppers' browsers reach the storefronts on. */
  storefrontPort: number;
  /** The port the storefronts (and the payment gateway's webhooks) reach the APIs on. */
  apiPort: number;
  storefronts: BackendServer[];
  apis: BackendServer[];
}

/** One request HAProxy passed on, as its log line says (the `log-format` below). */
export interface RoutedRequest {
  /** storefronts or apis */
  backend: string;
  /** The server that answered, or `<NOSRV>` when none could. */
  server: string;
  status: number;
  /** How many times HAProxy tried again (a `+` in front: once on another server, option redispatch). */
  retries: string;
  method: string;
  path: string;
  /** When HAProxy accepted the request (ms since the epoch): a long-lived stream is logged when it ends. */
  acceptedAt: number;
}

export interface Balancer {
  storefrontUrl: string;
  apiUrl: string;
  /** Everything HAProxy printed, oldest first: request lines and its health checks' verdicts. */
  lines: string[];
  /**
   * Resolves with the first line `pattern` matches among the lines printed after the first `after` (all
   * by default), already printed or still to come; fails if HAProxy exits or after `timeoutMs`.
   */
  waitForLine(pattern: RegExp, options?: { after?: number; timeoutMs?: number }): Promise<string>;
  /** Resolves once HAProxy says `backend/server` is UP (or DOWN), counting only lines after `after`. */
  waitForServer(backend: string, server: string, state: "UP" | "DOWN", after?: number): Promise<void>;
  /** The requests logged from line `from` on (the index of `lines`), up to now. */
  requestsSince(from: number): RoutedRequest[];
  stop(): Promise<void>;
}

/**
 * The configuration an operator would write for two storefronts behind one address and two APIs behind
 * another: round robin, HTTP health checks on /health/ready every 250 ms (down after three failures, back
 * after two successes), and a failed connection tried again, on the other server (retries, redispatch),
 * so a process that died between two checks costs a shopper nothing: nothing had been sent. A request that
 * reached a process that then died unanswered is tried again only when it is a GET or HEAD: a repeated
 * POST could add a book to the basket twice. Requests are logged one line each, without query strings.
 */
export function haproxyConfig(plan: BalancerPlan): string {
  const servers = (list: BackendServer[]) => list.map(({ name, port }) => `  server ${name} 127.0.0.1:${port} check`).join("\n");
  return `global
  log stderr format raw local0 info

defaults
  mode http
  log global
  log-format "request backend=%b server=%s status=%ST retries=%rc method=%HM path=%HPO accepted=%Ts%ms"
  option dontlognull
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 2s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
  default-server inter 250 fall 3 rise 2

frontend shop
  bind 127.0.0.1:${plan.storefrontPort}
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  default_backend storefronts

frontend api
  bind 127.0.0.1:${plan.apiPort}
  option forwardfor
  default_backend apis

backend storefronts
  balance roundrobin
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk
  http-check send meth GET uri /health/ready
  http-check expect status 200
${servers(plan.storefronts)}

backend apis
  balance roundrobin
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk
  http-check send meth GET uri /health/ready
  http-check expect status 200
${servers(plan.apis)}
`;
}

const REQUEST_LINE = /^request backend=(\S+) server=(\S+) status=(-?\d+) retries=(\S+) method=(\S+) path=(\S*) accepted=(\d+)$/;

/**
 * Runs HAProxy in the foreground (-db) with `haproxyConfig(plan)` written to a temporary folder, copying
 * what it prints to `logFile`. Resolves once it has printed its first line: with every server checked from
 * the start, its first verdicts are printed within a check interval.
 */
export async function startHaproxy(plan: BalancerPlan, logFile: string): Promise<Balancer> {
  if (!existsSync(HAPROXY)) {
    throw new Error(`No HAProxy at ${HAPROXY}: the topology test needs Debian's package (apt-get install -y haproxy).`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "quire-haproxy-"));
  const configFile = path.join(dir, "haproxy.cfg");
  await writeFile(configFile, haproxyConfig(plan));
  const child = spawn(HAPROXY, ["-f", configFile, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  const log = createWriteStream(logFile, { flags: "a" });
  const lines: string[] = [];
  const waiters = new Set<{ pattern: RegExp; after: number; resolve: (line: string) => void }>();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on("line", (line) => {
      log.write(`${line}\n`);
      lines.push(line);
      for (const waiter of waiters) {
        if (lines.length > waiter.after && waiter.pattern.test(line)) {
          waiters.delete(waiter);
          waiter.resolve(line);
        }
      }
    });
  }
  const running = () => child.exitCode === null && child.signalCode === null;

  function waitForLine(pattern: RegExp, options: { after?: number; timeoutMs?: number } = {}): Promise<string> {
    const { after = 0, timeoutMs = 30_000 } = options;
    const seen = lines.slice(after).find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    if (!running()) return Promise.reject(new Error(`HAProxy has exited:\n${lines.slice(-30).join("\n")}`));
    return new Promise<string>((resolve, reject) => {
      const waiter = {
        pattern,
        after,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolve(line);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`HAProxy printed no line ${pattern} within ${timeoutMs / 1000} s:\n${lines.slice(-30).join("\n")}`));
      }, timeoutMs);
      waiters.add(waiter);
      void exited.then(() => {
        if (!waiters.delete(waiter)) return;
        clearTimeout(timer);
        reject(new Error(`HAProxy exited (${child.exitCode ?? child.signalCode}):\n${lines.slice(-30).join("\n")}`));
      });
    });
  }

  const balancer: Balancer = {
    storefrontUrl: `http://127.0.0.1:${plan.storefrontPort}`,
    apiUrl: `http://127.0.0.1:${plan.apiPort}`,
    lines,
    waitForLine,
    async waitForServer(backend, server, state, after = 0) {
      // "[WARNING]  (pid) : Server apis/api-1 is DOWN, reason: ...", and a copy through the log without the prefix.
      await waitForLine(new RegExp(`^(\\[WARNING\\].*: )?Server ${backend}/${server} is ${state}\\b`), { after });
    },
    requestsSince(from) {
      return lines.slice(from).flatMap((line) => {
        const match = REQUEST_LINE.exec(line);
        if (!match) return [];
        const [, backend, server, status, retries, method, requestPath, accepted] = match;
        return [
          {
            backend: backend!,
            server: server!,
            status: Number(status),
            retries: retries!,
            method: method!,
            path: requestPath!,
            acceptedAt: Number(accepted),
          },
        ];
      });
    },
    async stop() {
      await stopProcess(child);
      log.end();
      await rm(dir, { recursive: true, force: true });
    },
  };

  try {
    await waitForLine(/./, { timeoutMs: 10_000 });
    return balancer;
  } catch (error) {
    await balancer.stop();
    throw error;
  }
}
