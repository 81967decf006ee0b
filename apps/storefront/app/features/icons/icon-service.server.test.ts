import { describe, expect, it, vi } from "vitest";
import { buildIconSprite } from "~/components/ui/icon-paths";
import {
  createIconService,
  ICON_CACHE_MAX_ENTRIES,
  ICON_CACHE_TTL_MS,
  ICON_REQUEST_TIMEOUT_MS,
  isSafeIconBody,
} from "./icon-service.server";

const HEART = '<path fill="none" stroke="currentColor" stroke-width="2" d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 12 5"/>';

/** A stand-in for the icon service's HTTP API: answers the icons it has, counting the requests. */
function iconApi(icons: Record<string, string>) {
  const requests: URL[] = [];
  const fetchIcons = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : input);
    requests.push(url);
    const asked = url.searchParams.get("icons")?.split(",") ?? [];
    const found = Object.fromEntries(asked.filter((name) => name in icons).map((name) => [name, { body: icons[name] }]));
    return Response.json({ prefix: "lucide", icons: found, width: 24, height: 24 });
  });
  return { fetchIcons: fetchIcons as unknown as typeof fetch, requests };
}

describe("the icon service", () => {
  it("asks for the set's icons by prefix and names, and keeps the answer", async () => {
    const api = iconApi({ heart: HEART });
    const service = createIconService({ url: "https://icons.example/", prefix: "lucide", fetch: api.fetchIcons, warn: vi.fn() });
    const icons = await service.icons(["heart", "bag"]);
    expect([...icons]).toEqual([["heart", { body: HEART, width: 24, height: 24 }]]);
    expect(api.requests.map((url) => `${url.origin}${url.pathname}?${url.searchParams}`)).toEqual([
      "https://icons.example/lucide.json?icons=heart%2Cbag",
    ]);
    await service.icons(["bag", "heart"]);
    expect(api.requests, "the same names again come from the cache").toHaveLength(1);
  });

  it("keeps an answer 168 hours, and at most 50 answers", async () => {
    let now = 1_000;
    const api = iconApi({ heart: HEART });
    const service = createIconService({
      url: "https://icons.example",
      prefix: "lucide",
      fetch: api.fetchIcons,
      now: () => now,
      warn: vi.fn(),
    });
    await service.icons(["heart"]);
    now = 1_000 + ICON_CACHE_TTL_MS - 1;
    await service.icons(["heart"]);
    expect(api.requests).toHaveLength(1);
    now = 1_000 + ICON_CACHE_TTL_MS + 1;
    await service.icons(["heart"]);
    expect(api.requests, "asked again once the answer is 168 hours old").toHaveLength(2);

    for (let index = 0; index < ICON_CACHE_MAX_ENTRIES; index += 1) await service.icons([`icon-${index}`]);
    const asked = api.requests.length;
    await service.icons(["heart"]);
    expect(api.requests.length, "the oldest of more than 50 answers is dropped").toBe(asked + 1);
  });

  it("gives up a request after 5 s, and answers no icons (the shipped ones are drawn)", async () => {
    const warn = vi.fn();
    let signal: AbortSignal | undefined;
    const hanging = vi.fn((_input: unknown, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>((_, reject) => signal?.addEventListener("abort", () => reject(signal!.reason)));
    });
    vi.useFakeTimers();
    try {
      const service = createIconService({
        url: "https://icons.example",
        prefix: "lucide",
        fetch: hanging as unknown as typeof fetch,
        warn,
      });
      const answer = service.icons(["heart"]);
      await vi.advanceTimersByTimeAsync(ICON_REQUEST_TIMEOUT_MS - 1);
      expect(signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await answer).size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("The icon service failed"));
  });

  it("does not keep a failure, and draws nothing it does not trust", async () => {
    const warn = vi.fn();
    let fail = true;
    const api = iconApi({ heart: HEART, bag: '<path d="M1 1"/><script>alert(1)</script>' });
    const flaky = vi.fn(async (input: string | URL | Request) => (fail ? new Response("down", { status: 503 }) : api.fetchIcons(input)));
    const service = createIconService({ url: "https://icons.example", prefix: "lucide", fetch: flaky as unknown as typeof fetch, warn });
    expect((await service.icons(["heart", "bag"])).size).toBe(0);
    fail = false;
    expect([...(await service.icons(["heart", "bag"])).keys()]).toEqual(["heart"]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("lucide:bag"));
  });
});

describe("isSafeIconBody", () => {
  it("takes shapes with drawing attributes", () => {
    expect(isSafeIconBody(HEART)).toBe(true);
    expect(isSafeIconBody('<g fill="none"><circle cx="12" cy="12" r="3"/><path d="M1 1h2"/></g>')).toBe(true);
  });

  it("refuses scripts, handlers, links, foreign content, text and unquoted values", () => {
    for (const body of [
      "<script>alert(1)</script>",
      '<path d="M1 1" onload="alert(1)"/>',
      '<use href="#x"/>',
      '<image href="https://evil.example/x.png"/>',
      "<foreignObject><div/></foreignObject>",
      '<path d="M1 1"/>text',
      '<path fill="url(https://evil.example/#p)" d="M1 1"/>',
      "<path d=M1/>",
      "<!-- a comment -->",
    ])
      expect(isSafeIconBody(body), body).toBe(false);
  });
});

describe("buildIconSprite", () => {
  it("draws the service's icon where it has one, and the shipped one elsewhere", () => {
    const sprite = buildIconSprite(new Map([["heart", { body: HEART, width: 24, height: 24 }]]));
    expect(sprite).toContain(`<symbol id="heart" viewBox="0 0 24 24">${HEART}</symbol>`);
    expect(sprite).toMatch(/<symbol id="bag" viewBox="0 0 24 24"><path d="M6 8h12/);
  });
});
