import type { ImageStorage } from "./image-storage";
import { processImage } from "./image-processing";
import { pictureOf, type StoredPicture } from "./pictures";

export { ImageRefused } from "./image-processing";
export type { ImageStorage } from "./image-storage";
export type { StoredPicture } from "./pictures";

/** An image in the shop's storage, as a product keeps it. */
export interface StoredImage {
  imageKey: string;
  url: string;
  picture: StoredPicture;
}

/**
 * Checks and re-encodes a picture and writes its files to the storage (decision 054). Throws ImageRefused for a
 * file that is not an image the shop takes. The files are written before anything refers to them, so a page never
 * names a file that is not there; a write that fails after them leaves files nothing names, which cost only disk.
 */
export async function storeImage(storage: ImageStorage, bytes: Buffer): Promise<StoredImage> {
  const processed = await processImage(bytes);
  await Promise.all(processed.renditions.map((file) => storage.put(file.name, file.bytes, file.contentType)));
  const { url, picture } = pictureOf(processed);
  return { imageKey: processed.key, url, picture };
}
