import type { Readable } from "node:stream";

/**
 * Where the shop's image files live (decision 054): one interface, two places. Local disk under DATA_DIR by
 * default, so `npm start` needs nothing; any S3-compatible object store when more than one machine serves the
 * shop. A file's name is made from its content (MEDIA_FILE_PATTERN), so a name, once written, always holds the
 * same bytes: writing it again is harmless, and a reader may cache it for good.
 */
export interface ImageStorage {
  /** "local" or "s3": for the start-up log and the readiness check's message. */
  readonly kind: "local" | "s3";
  /** Writes a file whole, or leaves nothing under its name (never half a file). */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as they stream in, with what it is; null when there is no such file. */
  get(name: string): Promise<StoredImage | null>;
}

export interface StoredImage {
  body: Readable;
  contentType: string;
  byteLength: number;
}

/** The media type each stored format is served as. */
export const IMAGE_CONTENT_TYPES = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" } as const;
export type StoredFormat = keyof typeof IMAGE_CONTENT_TYPES;

/** The media type of a stored file, from the extension its name always ends with. */
export function contentTypeOfName(name: string): string {
  const extension = name.slice(name.lastIndexOf(".") + 1) as StoredFormat;
  return IMAGE_CONTENT_TYPES[extension] ?? "application/octet-stream";
}
