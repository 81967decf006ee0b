import type { Image } from "@quire/contracts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProductPicture } from "./product-picture";

const HASH = "0123456789abcdef0123456789abcdef";
const widths = (format: string) => [240, 480, 960].map((width) => `/media/images/${HASH}-${width}.${format} ${width}w`).join(", ");

/** An uploaded image as the API describes it (decision 054): a JPEG at 480 w, and its widths in three formats. */
const UPLOADED: Image = {
  url: `/media/images/${HASH}-480.jpg`,
  alt: "The cover: a red fox in snow",
  width: 960,
  height: 1280,
  srcset: widths("jpg"),
  sources: [
    { type: "image/avif", srcset: widths("avif") },
    { type: "image/webp", srcset: widths("webp") },
  ],
};
const COVER: Image = { url: "/media/covers/the-slow-table.svg?t=The%20Slow%20Table&a=Ann&p=3", alt: "" };

interface Tag {
  name: string;
  attributes: Record<string, string>;
}

/** The markup's tags, in order, each with its attributes (entities decoded): enough to read a picture's. */
function render(element: React.ReactElement): Tag[] {
  const markup = renderToStaticMarkup(element);
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return [...markup.matchAll(/<(\/?[a-z]+)((?:\s+[a-zA-Z-]+="[^"]*")*)\s*\/?>/g)].map(([, name, attributes]) => ({
    name: name!,
    attributes: Object.fromEntries([...attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, key, value]) => [key!, decode(value!)])),
  }));
}

describe("ProductPicture", () => {
  it("an uploaded image is a <picture>: a source per modern format, best first, and the JPEG widths on the <img>", () => {
    const tags = render(
      <ProductPicture
        image={UPLOADED}
        sizes="(min-width: 768px) 33vw, 50vw"
        loading="eager"
        fetchPriority="high"
        className="aspect-[2/3] w-full"
      />,
    );
    expect(tags.map((tag) => tag.name)).toEqual(["picture", "source", "source", "img", "/picture"]);
    const [, avif, webp, img] = tags;
    expect(avif!.attributes).toEqual({ type: "image/avif", srcSet: widths("avif"), sizes: "(min-width: 768px) 33vw, 50vw" });
    expect(webp!.attributes).toEqual({ type: "image/webp", srcSet: widths("webp"), sizes: "(min-width: 768px) 33vw, 50vw" });
    expect(img!.attributes).toMatchObject({
      src: UPLOADED.url,
      srcSet: widths("jpg"),
      sizes: "(min-width: 768px) 33vw, 50vw",
      alt: "The cover: a red fox in snow",
      // The image's own size: the page keeps its place (the frame's classes set the aspect it is shown in).
      width: "960",
      height: "1280",
      loading: "eager",
      fetchPriority: "high",
      decoding: "async",
    });
    // Not 2:3: shown whole in the 2:3 frame, on the neutral background, rather than cropped.
    const classes = img!.attributes.class!.split(" ");
    expect(classes).toEqual(expect.arrayContaining(["aspect-[2/3]", "w-full", "object-contain", "bg-sunk"]));
    expect(classes).not.toContain("object-cover");
  });

  it("a generated cover stays a plain <img>, at the default size, filling its frame", () => {
    const tags = render(<ProductPicture image={COVER} sizes="64px" className="size-full" />);
    expect(tags).toEqual([
      {
        name: "img",
        attributes: {
          src: COVER.url,
          alt: "",
          width: "400",
          height: "600",
          loading: "lazy",
          decoding: "async",
          class: "size-full object-cover",
        },
      },
    ]);
  });

  it("takes the caller's alternative text and reserved size; an image's own size wins over the defaults", () => {
    const [cover] = render(<ProductPicture image={COVER} sizes="3.5rem" alt="" width={56} height={84} />);
    expect(cover!.attributes).toMatchObject({ width: "56", height: "84" });
    const uploaded = render(<ProductPicture image={UPLOADED} sizes="3.5rem" alt="" width={56} height={84} />).find(
      (tag) => tag.name === "img",
    );
    expect(uploaded!.attributes).toMatchObject({ alt: "", width: "960", height: "1280" });
  });

  it("an uploaded image with JPEG widths only is an <img> with its srcset and sizes", () => {
    const { sources: _, ...jpegOnly } = UPLOADED;
    const tags = render(<ProductPicture image={jpegOnly} sizes="64px" />);
    expect(tags.map((tag) => tag.name)).toEqual(["img"]);
    expect(tags[0]!.attributes).toMatchObject({ srcSet: widths("jpg"), sizes: "64px" });
  });
});
