import type { Image } from "@quire/contracts";
import { fileName, type ProcessedImage } from "./image-processing";

/** Where the shop serves stored image files: the API answers them, and the storefront passes them on at the same path. */
export const MEDIA_PATH = "/media/images";

/** What is kept beside an image's URL so a page can show it at its best: the contract's Image fields past url and alt. */
export type StoredPicture = Required<Pick<Image, "width" | "height" | "srcset" | "sources">>;

/** The width of the file every browser is given as `src`: the widest up to 480 pixels, the size of a product page's picture. */
function fallbackWidth(widths: number[]): number {
  return widths.filter((width) => width <= 480).at(-1) ?? widths[0]!;
}

const srcsetOf = (image: Pick<ProcessedImage, "key" | "widths">, format: "avif" | "webp" | "jpg") =>
  image.widths.map((width) => `${MEDIA_PATH}/${fileName(image.key, width, format)} ${width}w`).join(", ");

/** A stored image's URL and picture, as the catalogue keeps them. */
export function pictureOf(image: Pick<ProcessedImage, "key" | "width" | "height" | "widths">): { url: string; picture: StoredPicture } {
  return {
    url: `${MEDIA_PATH}/${fileName(image.key, fallbackWidth(image.widths), "jpg")}`,
    picture: {
      width: image.width,
      height: image.height,
      srcset: srcsetOf(image, "jpg"),
      sources: [
        { type: "image/avif", srcset: srcsetOf(image, "avif") },
        { type: "image/webp", srcset: srcsetOf(image, "webp") },
      ],
    },
  };
}
