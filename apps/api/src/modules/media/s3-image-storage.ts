import { Readable } from "node:stream";
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { contentTypeOfName, type ImageStorage } from "./image-storage";

export interface S3ImageStorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible store's address; unset: Amazon S3. */
  endpoint?: string;
  /** Both, or neither: then the AWS SDK's usual sources (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** The bucket in the path rather than in the host name, as most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** A folder inside the bucket, such as `quire/`, put before every file's name. */
  prefix: string;
}

/**
 * A file's name is made from its content, so its bytes never change: browsers and CDNs in front of the
 * bucket may keep it for a year without asking again.
 */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/**
 * Image files in an S3-compatible object store, shared by every API machine. S3 stores an object whole or not
 * at all, so a reader never sees half a file.
 */
export function createS3ImageStorage(options: S3ImageStorageOptions): ImageStorage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // The SDK would otherwise add a CRC checksum to every upload and ask for one on every download, which some
    // S3-compatible servers refuse or do not send. Checksums only where an operation requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const keyOf = (name: string) => `${options.prefix}${name}`;
  return {
    kind: "s3",
    async put(name, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async get(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: keyOf(name) }));
        // In Node the SDK answers the HTTP response itself, a Readable; anything else would be a browser build.
        if (!(object.Body instanceof Readable)) throw new Error("The S3 client answered a body that is not a Node stream");
        // S3 always says how long an object is; a length made up here would cut the file short when served.
        if (object.ContentLength === undefined) {
          object.Body.destroy();
          throw new Error(`The object store did not say how long ${name} is`);
        }
        return { body: object.Body, contentType: contentTypeOfName(name), byteLength: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}

/**
 * Whether the store said there is no such object (some S3-compatible servers answer a bare 404). A missing
 * bucket is a mistake in the settings, not a missing image: it stays an error, so it is seen.
 */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  if (!(error instanceof S3ServiceException) || error.name === "NoSuchBucket") return false;
  return error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404;
}
