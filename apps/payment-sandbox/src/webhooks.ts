/*
 * Webhook delivery, as a gateway does it: each event is posted to the merchant's endpoint in the background,
 * and retried with growing pauses until the endpoint answers 2xx or the tries run out. What was sent, and how
 * the endpoint answered, stays listed for the control API (/_sandbox/events) so tests can wait on it.
 */

/**
 * Where the sandbox is reached and where it delivers webhooks: read at each use, so a test can start the
 * sandbox and the API on ports of their own and then tell each about the other.
 */
export interface SandboxEndpoints {
  publicUrl: string;
  webhookUrls: { stripe?: string; paypal?: string; adyen?: string; mollie?: string };
}

export interface SignedEvent {
  provider: "stripe" | "paypal" | "adyen" | "mollie";
  id: string;
  type: string;
  body: string;
  headers: Record<string, string>;
}

export interface Delivery {
  provider: SignedEvent["provider"];
  id: string;
  type: string;
  attempts: number;
  /** The endpoint's last status, or null while none answered (refused connection, time-out). */
  lastStatus: number | null;
  delivered: boolean;
}

export interface WebhookSender {
  send(url: string | undefined, event: SignedEvent): void;
  deliveries(): Delivery[];
  /** Resolves once nothing is being delivered (every event delivered or given up). */
  idle(): Promise<void>;
}

export function createWebhookSender(options: { retryDelaysMs?: readonly number[]; timeoutMs?: number } = {}): WebhookSender {
  const retryDelaysMs = options.retryDelaysMs ?? [500, 2_000, 10_000, 60_000];
  const timeoutMs = options.timeoutMs ?? 10_000;
  const log: Delivery[] = [];
  const inFlight = new Set<Promise<void>>();

  async function deliver(url: string, event: SignedEvent, record: Delivery) {
    for (let attempt = 0; attempt <= retryDelaysMs.length; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt - 1]));
      record.attempts += 1;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", ...event.headers },
          body: event.body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        record.lastStatus = response.status;
        if (response.ok) {
          record.delivered = true;
          return;
        }
      } catch {
        record.lastStatus = null;
      }
    }
  }

  return {
    send(url, event) {
      const record: Delivery = {
        provider: event.provider,
        id: event.id,
        type: event.type,
        attempts: 0,
        lastStatus: null,
        delivered: false,
      };
      log.push(record);
      if (!url) return;
      const running = deliver(url, event, record).finally(() => inFlight.delete(running));
      inFlight.add(running);
    },
    deliveries: () => log.map((record) => ({ ...record })),
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
