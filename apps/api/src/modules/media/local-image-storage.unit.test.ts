import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { createImageStorage } from "./image-storage-from-env";
import { createLocalImageStorage } from "./local-image-storage";

let root: string;
let folder: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "quire-media-"));
  // The storage's folder sits one level down, so a file that escaped it would show up in root.
  folder = path.join(root, "media");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const bytes = Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 256));

describe("createLocalImageStorage", () => {
  it("gives back the bytes it was given, with the media type of the name", async () => {
    const storage = createLocalImageStorage(folder);
    await storage.put("cover.webp", bytes, "image/webp");

    const stored = await storage.get("cover.webp");
    expect(storage.kind).toBe("local");
    expect(stored!.contentType).toBe("image/webp");
    expect(stored!.byteLength).toBe(bytes.byteLength);
    expect((await buffer(stored!.body)).equals(bytes)).toBe(true);
    expect(await readdir(folder)).toEqual(["cover.webp"]);
  });

  it("answers null for a name never written", async () => {
    const storage = createLocalImageStorage(folder);
    expect(await storage.get("never-written.jpg")).toBeNull();
  });

  it("takes the same file written twice without complaint", async () => {
    const storage = createLocalImageStorage(folder);
    await storage.put("twice.avif", bytes, "image/avif");
    await storage.put("twice.avif", bytes, "image/avif");

    expect((await buffer((await storage.get("twice.avif"))!.body)).equals(bytes)).toBe(true);
    expect(await readdir(folder)).toEqual(["twice.avif"]);
  });

  it("leaves no temporary file behind when a write fails", async () => {
    const storage = createLocalImageStorage(folder);
    // A folder where the file should go: the rename into place fails after the bytes were written.
    await mkdir(path.join(folder, "taken.jpg"), { recursive: true });

    await expect(storage.put("taken.jpg", bytes, "image/jpeg")).rejects.toThrow();
    expect(await readdir(folder)).toEqual(["taken.jpg"]);
    expect(await storage.get("taken.jpg")).toBeNull();
  });

  it("keeps a name with folders in it inside its own folder", async () => {
    const storage = createLocalImageStorage(folder);
    await storage.put("../escaped.jpg", bytes, "image/jpeg");
    await storage.put("../../../tmp/escaped-too.jpg", bytes, "image/jpeg");

    expect(await readdir(root)).toEqual(["media"]);
    expect((await readdir(folder)).sort()).toEqual(["escaped-too.jpg", "escaped.jpg"]);
  });

  it("reads no file outside its own folder", async () => {
    const storage = createLocalImageStorage(folder);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(root, "beside.jpg"), bytes);

    expect(await storage.get("../beside.jpg")).toBeNull();
    expect(await storage.get(path.join(root, "beside.jpg"))).toBeNull();
  });
});

describe("createImageStorage", () => {
  it("keeps files in `media` under the data folder unless MEDIA_DIR says where", async () => {
    await createImageStorage(loadEnv({}), root).put("default.jpg", bytes, "image/jpeg");
    expect(await readdir(path.join(root, "media"))).toEqual(["default.jpg"]);

    const elsewhere = path.join(root, "elsewhere");
    await createImageStorage(loadEnv({ MEDIA_DIR: elsewhere }), root).put("chosen.jpg", bytes, "image/jpeg");
    expect(await readdir(elsewhere)).toEqual(["chosen.jpg"]);
  });

  it("uses the object store when MEDIA_STORAGE=s3", () => {
    const storage = createImageStorage(loadEnv({ MEDIA_STORAGE: "s3", S3_BUCKET: "quire-images" }), root);
    expect(storage.kind).toBe("s3");
  });
});
