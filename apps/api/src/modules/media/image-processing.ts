import { IMAGE_WIDTHS, MAX_IMAGE_PIXELS } from "@quire/contracts";
import { createHash } from "node:crypto";
import sharp, { type Metadata, type Sharp, type SharpOptions } from "sharp";
import { IMAGE_CONTENT_TYPES, type StoredFormat } from "./image-storage";

// Turning an uploaded or fetched picture into the files the storefront shows (decision 054). The type is read from
// the bytes, never from a name; the pixel count is checked before anything is decoded; the picture is turned
// upright and re-encoded, which leaves its camera and location data behind (nothing is copied across).

/** Why a file is not an image the shop takes; the API answers each with its own code. */
export class ImageRefused extends Error {
  constructor(
    readonly code: "image_unreadable" | "image_type_not_supported" | "image_too_many_pixels",
    message: string,
  ) {
    super(message);
    this.name = "ImageRefused";
  }
}

/** One file to store: a width in one format. */
export interface Rendition {
  name: string;
  width: number;
  format: StoredFormat;
  contentType: string;
  bytes: Buffer;
}

export interface ProcessedImage {
  /** The files' common name: the first 128 bits of the SHA-256 of the original bytes, in hex. */
  key: string;
  /** The upright picture's size. */
  width: number;
  height: number;
  /** The widths stored, narrowest first. */
  widths: number[];
  renditions: Rendition[];
}

/** The formats sharp reports that the shop takes. AVIF reads as "heif"; other HEIF (a phone's HEIC) is refused below. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

/** The files are written in these formats: two small modern ones, and JPEG for any browser. */
const ENCODERS: Record<StoredFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 80 }),
  // JPEG has no transparency: a transparent picture is laid on white, as the shop's pages are.
  jpg: (image) => image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }),
};

/** The widths a picture `width` pixels wide is stored in: each standard one narrower than it, then its own or the widest. */
export function widthsFor(width: number): number[] {
  const widest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  return [...IMAGE_WIDTHS.filter((candidate) => candidate < width && candidate < widest), Math.min(width, widest)];
}

/** The name of a stored file. */
export const fileName = (key: string, width: number, format: StoredFormat) => `${key}-${width}.${format}`;

/** Reads, checks and re-encodes a picture. Throws ImageRefused for anything that is not an image the shop takes. */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const options: SharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", sequentialRead: true };
  let metadata: Metadata;
  try {
    // The header alone is read here, with no pixel limit, so that too many pixels gets its own answer below.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused("image_unreadable", "The file is not an image the shop can read");
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || (metadata.format === "heif" && metadata.compression !== "av1")) {
    throw new ImageRefused(
      "image_type_not_supported",
      `A ${describeFormat(metadata)} image cannot be used: send a JPEG, PNG, WebP, AVIF or GIF`,
    );
  }
  const { width, height } = metadata.autoOrient;
  if (!width || !height) throw new ImageRefused("image_unreadable", "The image has no size");
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRefused(
      "image_too_many_pixels",
      `The image is ${width} x ${height} pixels; the most a picture may have is ${MAX_IMAGE_PIXELS / 1_000_000} million pixels`,
    );
  }

  const key = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const widths = widthsFor(width);
  const upright = sharp(bytes, options).autoOrient();
  try {
    const renditions = await Promise.all(
      widths.flatMap((target) =>
        (Object.keys(ENCODERS) as StoredFormat[]).map(async (format): Promise<Rendition> => {
          const encoded = await ENCODERS[format](upright.clone().resize({ width: target, withoutEnlargement: true })).toBuffer();
          return { name: fileName(key, target, format), width: target, format, contentType: IMAGE_CONTENT_TYPES[format], bytes: encoded };
        }),
      ),
    );
    return { key, width, height, widths, renditions };
  } catch {
    // The header read, but the pixels do not (a truncated or corrupt file).
    throw new ImageRefused("image_unreadable", "The image is damaged: its pixels cannot be read");
  }
}

function describeFormat(metadata: Metadata): string {
  if (metadata.format === "heif") return metadata.compression === "hevc" ? "HEIC" : "HEIF";
  return (metadata.format ?? "unknown").toUpperCase();
}
