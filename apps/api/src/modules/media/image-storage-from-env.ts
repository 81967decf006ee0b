import path from "node:path";
import type { Env } from "../../env";
import type { ImageStorage } from "./image-storage";
import { createLocalImageStorage } from "./local-image-storage";
import { createS3ImageStorage } from "./s3-image-storage";

/** The image storage MEDIA_STORAGE names: a folder on this machine (MEDIA_DIR, or `media` under DATA_DIR), or S3. */
export function createImageStorage(env: Env, dataDir: string): ImageStorage {
  if (env.MEDIA_STORAGE === "local") return createLocalImageStorage(env.MEDIA_DIR ?? path.join(dataDir, "media"));
  // The environment's own check refuses MEDIA_STORAGE=s3 without a bucket; this one keeps the types honest.
  if (!env.S3_BUCKET) throw new Error("MEDIA_STORAGE=s3 needs S3_BUCKET");
  return createS3ImageStorage({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    prefix: env.S3_PREFIX,
  });
}
