import { describe, expect, it, vi } from "vitest";
import {
  fetchServerVersion,
  isReloadAllowed,
  reloadIfNewVersion,
  RELOAD_GUARD_MS,
  RELOAD_GUARD_STORAGE_KEY,
  type VersionCheckDeps,
} from "./new-version";

/** A tab: its storage, a clock the test moves, and a count of reloads. */
function tab(serverVersion: string | undefined, clientVersion: string | null = "build-a") {
  const stored = new Map<string, string>();
  let time = 1_000_000;
  const deps: VersionCheckDeps = {
    clientVersion: clientVersion ?? undefined,
    fetchServerVersion: async () => serverVersion,
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    now: () => time,
    reload: vi.fn(),
  };
  return { deps, stored, advance: (ms: number) => (time += ms) };
}

describe("reloadIfNewVersion", () => {
  it("does nothing while the server runs the page's own version", async () => {
    const { deps } = tab("build-a");
    await expect(reloadIfNewVersion(deps)).resolves.toBe("current");
    expect(deps.reload).not.toHaveBeenCalled();
  });

  it("does nothing when either version is unknown, or the server cannot be asked", async () => {
    for (const { deps } of [tab(undefined), tab("build-b", null)]) {
      await expect(reloadIfNewVersion(deps)).resolves.toBe("unknown");
      expect(deps.reload).not.toHaveBeenCalled();
    }
    const { deps } = tab("build-b");
    deps.fetchServerVersion = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(reloadIfNewVersion(deps)).resolves.toBe("unknown");
  });

  it("reloads once for a new version, then holds for 10 s, then may reload again", async () => {
    const { deps, stored, advance } = tab("build-b");
    await expect(reloadIfNewVersion(deps)).resolves.toBe("reloaded");
    expect(stored.get(RELOAD_GUARD_STORAGE_KEY)).toBe("1000000");
    advance(RELOAD_GUARD_MS - 1);
    await expect(reloadIfNewVersion(deps)).resolves.toBe("held");
    expect(deps.reload).toHaveBeenCalledTimes(1);
    advance(1);
    await expect(reloadIfNewVersion(deps)).resolves.toBe("reloaded");
    expect(deps.reload).toHaveBeenCalledTimes(2);
  });

  it("never reloads when the guard cannot be kept", async () => {
    const { deps } = tab("build-b");
    deps.storage = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      setItem: () => {},
    };
    await expect(reloadIfNewVersion(deps)).resolves.toBe("held");
    expect(deps.reload).not.toHaveBeenCalled();
  });
});

describe("isReloadAllowed", () => {
  it("allows the first reload, none within 10 s of the last, and ignores a time from the future", () => {
    expect(isReloadAllowed(null, 5)).toBe(true);
    expect(isReloadAllowed(0, RELOAD_GUARD_MS - 1)).toBe(false);
    expect(isReloadAllowed(0, RELOAD_GUARD_MS)).toBe(true);
    expect(isReloadAllowed(50_000, 1_000)).toBe(true);
  });
});

describe("fetchServerVersion", () => {
  const answer = (status: number, body: unknown) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

  it("reads the version the server names", async () => {
    const fetchImpl = answer(200, { version: "build-b" });
    await expect(fetchServerVersion(fetchImpl)).resolves.toBe("build-b");
    expect(fetchImpl).toHaveBeenCalledWith("/__version", expect.objectContaining({ cache: "no-store" }));
  });

  it("knows none from a failed answer or one without a version", async () => {
    await expect(fetchServerVersion(answer(404, {}))).resolves.toBeUndefined();
    await expect(fetchServerVersion(answer(200, { version: 3 }))).resolves.toBeUndefined();
    await expect(fetchServerVersion(answer(200, null))).resolves.toBeUndefined();
  });
});
