import type { Image } from "@quire/contracts";

// A generated cover's size (COVER_WIDTH and COVER_HEIGHT of cover-svg.ts, which this module does not import: the
// search suggestions in every page's header show pictures too, and need none of the cover drawing's code).
const COVER_WIDTH = 400;
const COVER_HEIGHT = 600;

/**
 * A product's picture. An uploaded image (decision 054) comes in several widths and formats: it is a `<picture>`
 * with a `<source>` per modern format (AVIF, WebP), best first, and the JPEG widths on the `<img>`, so the
 * browser fetches the smallest file that fills `sizes` at its pixel density. A generated cover (an SVG, drawn
 * at any size) has no such fields and stays a plain `<img>`.
 *
 * Width and height are always set, so the page keeps the picture's place before it arrives: the image's own
 * when it says them, else the defaults (a cover is 400 × 600). The frame's aspect ratio comes from the caller's
 * classes (`aspect-[2/3]`); an uploaded image need not be 2:3, so it is shown whole in that frame (object-contain
 * on the neutral `bg-sunk`) rather than cropped: a cover's title and author stay readable. A cover, 2:3 itself,
 * fills it (object-cover). Callers leave object-fit to this component.
 */
export function ProductPicture({
  image,
  sizes,
  alt = image.alt,
  width = COVER_WIDTH,
  height = COVER_HEIGHT,
  loading = "lazy",
  fetchPriority,
  className = "",
}: {
  image: Image;
  /** The width the picture is shown at, per viewport (the `sizes` attribute): what picks the file to fetch. */
  sizes: string;
  /** The text in place of the image's own (`""` where a caption or a link's text already says it). */
  alt?: string;
  /** The size to reserve when the image says none (a generated cover). */
  width?: number;
  height?: number;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  /** Classes of the `<img>`: its frame (size, aspect ratio, rounding, ring); not its object-fit. */
  className?: string;
}) {
  const sources = image.sources ?? [];
  const uploaded = sources.length > 0 || image.srcset !== undefined;
  // Props in this order on purpose: an <img> React creates in the browser (the search suggestions) gets its
  // attributes in this order, and one that has its src before loading, sizes and srcset may fetch that src at once.
  const img = (
    <img
      loading={loading}
      decoding="async"
      fetchPriority={fetchPriority}
      width={image.width ?? width}
      height={image.height ?? height}
      sizes={image.srcset ? sizes : undefined}
      srcSet={image.srcset}
      src={image.url}
      alt={alt}
      className={`${className} ${uploaded ? "bg-sunk object-contain" : "object-cover"}`.trim()}
    />
  );
  if (sources.length === 0) return img;
  return (
    // `contents`: the <picture> makes no box of its own, so the <img> sizes itself in the caller's frame.
    <picture className="contents">
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
