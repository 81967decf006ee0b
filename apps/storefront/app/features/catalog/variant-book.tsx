import type { Image, VariantWithProduct } from "@quire/contracts";
import { coverUrlFor } from "./cover-svg";
import { productHref } from "./product-card";
import { ProductPicture } from "./product-picture";

/** One format of a book, as a page about it shows it (the favourites page, a back-in-stock confirmation). */
export interface VariantBook {
  name: string;
  byline: string;
  variantName: string;
  cover: Image;
  /** The product page with this format chosen. */
  href: string;
}

export function toVariantBook({ product, variant }: VariantWithProduct): VariantBook {
  const cover = product.image ?? { url: coverUrlFor({ slug: product.slug, title: product.name, author: product.byline }), alt: "" };
  return {
    name: product.name,
    byline: product.byline,
    variantName: variant.name,
    cover,
    href: `${productHref(product.slug)}?variant=${variant.id}`,
  };
}

/** The book's cover, title, author and format, labelled for what the page does with it. */
export function VariantBookSummary({ book, label, className = "" }: { book: VariantBook; label: string; className?: string }) {
  return (
    <section aria-label={label} className={`flex items-start gap-4 ${className}`}>
      <ProductPicture
        image={book.cover}
        sizes="(min-width: 640px) 5rem, 4rem"
        width={80}
        height={120}
        loading="eager"
        className="aspect-[2/3] w-16 shrink-0 rounded-control ring-1 ring-line sm:w-20"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-serif text-lg leading-snug font-semibold">{book.name}</h2>
        {book.byline ? <p className="text-sm text-ink-muted">{book.byline}</p> : null}
        <p className="text-sm text-ink-muted">{book.variantName}</p>
      </div>
    </section>
  );
}
