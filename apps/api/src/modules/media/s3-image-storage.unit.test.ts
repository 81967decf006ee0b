import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3ImageStorage, type S3ImageStorageOptions } from "./s3-image-storage";

// s3rver, a small S3-compatible server that keeps its buckets in a folder, has no type declarations: the part
// these tests use.
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
const S3rver = createRequire(import.meta.url)("s3rver") as new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => S3rverServer;

// s3rver checks request signatures against these fixed keys.
const ACCESS_KEY = "S3RVER";
const BUCKET = "quire-images";

let directory: string;
let server: S3rverServer;
let endpoint: string;

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "quire-s3-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  await adminClient().send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

function storageOptions(overrides: Partial<S3ImageStorageOptions> = {}): S3ImageStorageOptions {
  return {
    bucket: BUCKET,
    region: "us-east-1",
    endpoint,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
    prefix: "",
    ...overrides,
  };
}

function adminClient(): S3Client {
  return new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
}

/** Bytes no two tests share, so each test's file is its own. */
function someBytes(label: string): Buffer {
  return Buffer.concat([Buffer.from(`${label}:`), Buffer.from(Array.from({ length: 3000 }, (_, index) => index % 251))]);
}

describe("createS3ImageStorage", () => {
  it("gives back the bytes it was given, with the media type of the name", async () => {
    const storage = createS3ImageStorage(storageOptions());
    const bytes = someBytes("round-trip");
    await storage.put("round-trip.webp", bytes, "image/webp");

    const stored = await storage.get("round-trip.webp");
    expect(storage.kind).toBe("s3");
    expect(stored).not.toBeNull();
    expect(stored!.contentType).toBe("image/webp");
    expect(stored!.byteLength).toBe(bytes.byteLength);
    expect((await buffer(stored!.body)).equals(bytes)).toBe(true);
  });

  it("stores each file for browsers and CDNs to keep for good", async () => {
    const storage = createS3ImageStorage(storageOptions());
    await storage.put("cached.jpg", someBytes("cached"), "image/jpeg");

    const head = await adminClient().send(new HeadObjectCommand({ Bucket: BUCKET, Key: "cached.jpg" }));
    expect(head.ContentType).toBe("image/jpeg");
    expect(head.CacheControl).toBe("public, max-age=31536000, immutable");
  });

  it("answers null for a name never written", async () => {
    const storage = createS3ImageStorage(storageOptions());
    expect(await storage.get("never-written.avif")).toBeNull();
  });

  it("fails, rather than answering null, when the bucket does not exist", async () => {
    const storage = createS3ImageStorage(storageOptions({ bucket: "no-such-bucket" }));
    await expect(storage.get("anything.webp")).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("keeps every file under the prefix inside the bucket", async () => {
    const storage = createS3ImageStorage(storageOptions({ prefix: "shop-a/" }));
    const bytes = someBytes("prefixed");
    await storage.put("prefixed.jpg", bytes, "image/jpeg");

    const listed = await adminClient().send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "shop-a/" }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(["shop-a/prefixed.jpg"]);
    expect(await createS3ImageStorage(storageOptions()).get("prefixed.jpg")).toBeNull();
    const stored = await storage.get("prefixed.jpg");
    expect((await buffer(stored!.body)).equals(bytes)).toBe(true);
  });

  it("takes the same file written twice without complaint", async () => {
    const storage = createS3ImageStorage(storageOptions());
    const bytes = someBytes("twice");
    await storage.put("twice.avif", bytes, "image/avif");
    await storage.put("twice.avif", bytes, "image/avif");

    const stored = await storage.get("twice.avif");
    expect(stored!.contentType).toBe("image/avif");
    expect((await buffer(stored!.body)).equals(bytes)).toBe(true);
  });
});
