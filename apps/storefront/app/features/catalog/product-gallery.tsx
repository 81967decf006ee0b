import type { Image } from "@quire/contracts";
import { useRef, useState } from "react";
import { t } from "~/lib/i18n/messages/catalog-product";
import { ProductPicture } from "./product-picture";

/**
 * How wide the main picture is shown: at most 15rem on a phone (the page keeps title and price on the first
 * screen), then the page's 5/12 column (about 38% of the window, and at most 30rem on the page's 80rem).
 */
export const GALLERY_SIZES = "(min-width: 1280px) 30rem, (min-width: 768px) 38vw, 15rem";

/**
 * The product's images: a main picture that scrolls sideways between images (scroll snapping), and
 * thumbnails below. Thumbnails are links to each image's anchor, so they work without JavaScript; with it
 * they scroll the strip without moving the page.
 */
export function ProductGallery({ images, productName }: { images: Image[]; productName: string }) {
  const strip = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const many = images.length > 1;

  const show = (index: number) => {
    const element = strip.current;
    if (!element) return;
    setActive(index);
    element.scrollTo({ left: index * element.clientWidth, behavior: "smooth" });
  };

  return (
    <div className="flex flex-col gap-3">
      <div
        ref={strip}
        // A strip that scrolls must be reachable by keyboard (arrow keys scroll it once focused).
        {...(many ? { tabIndex: 0, role: "region", "aria-label": t("catalog.product.images_of", { name: productName }) } : {})}
        onScroll={(event) => {
          const element = event.currentTarget;
          const index = Math.round(element.scrollLeft / Math.max(1, element.clientWidth));
          if (index !== active) setActive(index);
        }}
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-card bg-sunk shadow-sm ring-1 ring-line [scrollbar-width:none]"
      >
        {images.map((image, index) => (
          <figure key={image.url} id={`image-${index + 1}`} className="w-full shrink-0 snap-center">
            <ProductPicture
              image={image}
              sizes={GALLERY_SIZES}
              alt={image.alt || t("catalog.product.image_alt", { name: productName, number: index + 1 })}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              className="aspect-[2/3] w-full"
            />
          </figure>
        ))}
      </div>
      {many ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("catalog.product.choose_image")}>
          {images.map((image, index) => (
            <li key={image.url}>
              <a
                href={`#image-${index + 1}`}
                aria-current={index === active ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  show(index);
                }}
                className="block w-16 overflow-hidden rounded-control opacity-70 ring-1 ring-line transition hover:opacity-100 aria-[current]:opacity-100 aria-[current]:ring-2 aria-[current]:ring-accent"
              >
                <ProductPicture image={image} sizes="64px" alt="" width={64} height={96} className="aspect-[2/3] w-full" />
                <span className="sr-only">
                  {image.alt
                    ? t("catalog.product.show_image_alt", { number: index + 1, count: images.length, alt: image.alt })
                    : t("catalog.product.show_image", { number: index + 1, count: images.length })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
