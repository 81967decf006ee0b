import { ANALYTICS_PROMOTION_ATTRIBUTE } from "~/features/analytics/analytics-attributes";
import { heroPromotionId, railListId } from "./content-analytics";
import type { PageBlock } from "@quire/contracts";
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/container";
import { Icon } from "~/components/ui/icon";
import { ProductCardList } from "~/features/catalog/product-card";
import { categoryHref } from "~/features/layout/navigation";
import type { ContentPageData } from "./load-page.server";
import { t } from "~/lib/i18n/messages/content";

type Block<T extends PageBlock["type"]> = Extract<PageBlock, { type: T }>;

/** Decorative shelf of cloth-bound spines beside the hero's text. */
function Bookshelf() {
  const spines = [
    ["#8e3b24", "h-56", "w-10"],
    ["#24324a", "h-64", "w-12"],
    ["#b8862b", "h-48", "w-8"],
    ["#2f4a3a", "h-60", "w-11"],
    ["#e9dcc4", "h-52", "w-9"],
    ["#b77a6b", "h-64", "w-10"],
    ["#26201a", "h-44", "w-12"],
  ] as const;
  return (
    <div aria-hidden="true" className="hidden w-fit items-end gap-1.5 justify-self-center border-b-8 border-[#5b4636] px-6 md:flex">
      {spines.map(([colour, height, width], index) => (
        <span
          key={colour}
          className={`${height} ${width} flex flex-col justify-between rounded-t-sm py-3 shadow-[inset_-4px_0_0_rgba(0,0,0,0.12)] ${index === 4 ? "-rotate-6 origin-bottom-left" : ""}`}
          style={{ backgroundColor: colour }}
        >
          <span className="mx-1.5 h-0.5 bg-white/40" />
          <span className="mx-1.5 h-0.5 bg-white/40" />
        </span>
      ))}
    </div>
  );
}

function HeroBlock({ block, headingLevel, index }: { block: Block<"hero">; headingLevel: "h1" | "h2"; index: number }) {
  const Heading = headingLevel;
  return (
    <section className="bg-accent-soft" {...{ [ANALYTICS_PROMOTION_ATTRIBUTE]: heroPromotionId(index) }}>
      <Container className="grid items-end gap-8 py-12 sm:py-16 md:grid-cols-[1.3fr_1fr] lg:py-20">
        <div className="max-w-2xl self-center">
          <Heading className="text-display font-semibold tracking-tight">{block.title}</Heading>
          <p className="mt-5 text-lg text-ink-muted sm:text-xl">{block.text}</p>
          <ButtonLink to={block.linkUrl} className="mt-8">
            {block.linkLabel}
            <Icon name="arrow-right" className="size-4" />
          </ButtonLink>
        </div>
        <Bookshelf />
      </Container>
    </section>
  );
}

function SectionHeading({ title, href, linkLabel }: { title: string; href?: string; linkLabel?: string }) {
  return (
    <div className="mb-6 flex items-end justify-between gap-4">
      <h2 className="text-2xl font-semibold sm:text-3xl">{title}</h2>
      {href ? (
        <Link
          to={href}
          className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-accent underline-offset-3 hover:underline"
        >
          {linkLabel}
          <Icon name="arrow-right" className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}

function CategoryLinksBlock({ block, categories }: { block: Block<"categoryLinks">; categories: ContentPageData["categories"] }) {
  const cards = block.slugs.flatMap((slug) => (categories[slug] ? [categories[slug]] : []));
  if (cards.length === 0) return null;
  return (
    <Container as="section" className="py-10 sm:py-14">
      <SectionHeading title={block.title} />
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {cards.map((category) => (
          <li key={category.slug}>
            <Link
              to={categoryHref(category.slug)}
              className="group flex h-full flex-col rounded-card border border-line bg-surface p-4 transition-colors hover:border-accent sm:p-5"
            >
              <span className="font-serif text-base leading-snug font-semibold text-ink group-hover:text-accent sm:text-lg">
                {category.name}
              </span>
              {category.description ? (
                <span className="mt-1.5 line-clamp-2 hidden text-sm text-ink-muted sm:block">{category.description}</span>
              ) : null}
              <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-accent">
                {t("content.browse")} <Icon name="arrow-right" className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Container>
  );
}

function ProductRailBlock({
  block,
  products,
  index,
}: {
  block: Block<"productRail">;
  products: ContentPageData["rails"][number] | undefined;
  index: number;
}) {
  if (!products || products.length === 0) return null;
  return (
    <Container as="section" className="py-10 sm:py-14">
      <SectionHeading title={block.title} href={categoryHref(block.categorySlug)} linkLabel={t("content.see_all")} />
      <ProductCardList products={products} analyticsList={railListId(index)} />
    </Container>
  );
}

type ProseBlock = Block<"heading"> | Block<"paragraph"> | Block<"list"> | Block<"markdown">;
const isProse = (block: PageBlock): block is ProseBlock =>
  block.type === "heading" || block.type === "paragraph" || block.type === "list" || block.type === "markdown";

/**
 * Text blocks as one reading column's content: headings, paragraphs, lists and Markdown (also a blog post's body).
 * A Markdown block's HTML was rendered and sanitised by the API when the merchant wrote it (decision 051): it is
 * inserted as it is, the one markup from the database the shop shows.
 */
export function ProseBlocks({ blocks }: { blocks: readonly PageBlock[] }) {
  return blocks.filter(isProse).map((block, index) => {
    switch (block.type) {
      case "heading":
        return (
          <h2 key={index} className="mt-10 mb-3 text-2xl font-semibold first:mt-0 sm:text-3xl">
            {block.text}
          </h2>
        );
      case "paragraph":
        return (
          <p key={index} className="mb-5">
            {block.text}
          </p>
        );
      case "list":
        return (
          <ul key={index} className="mb-6 list-disc space-y-2 pl-6 marker:text-accent">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        );
      case "markdown":
        return <div key={index} className="markdown-prose" dangerouslySetInnerHTML={{ __html: block.html }} />;
    }
  });
}

function Prose({ blocks }: { blocks: ProseBlock[] }) {
  return (
    <Container className="py-8 sm:py-10">
      <div className="max-w-prose text-base leading-relaxed text-ink sm:text-lg">
        <ProseBlocks blocks={blocks} />
      </div>
    </Container>
  );
}

/**
 * A page's blocks, rendered with the shop's own components (HTML from the database only as a Markdown block's
 * sanitised rendering). Consecutive text
 * blocks share one reading column; heroes, category links and product rails span the page. The first
 * hero carries the page's <h1> when the page has no title heading of its own.
 */
export function PageBlocks({ data, heroIsTitle }: { data: ContentPageData; heroIsTitle: boolean }) {
  const sections: ReactNode[] = [];
  let prose: ProseBlock[] = [];
  let heroSeen = false;
  const flushProse = (key: string) => {
    if (prose.length > 0) sections.push(<Prose key={key} blocks={prose} />);
    prose = [];
  };
  data.page.blocks.forEach((block, index) => {
    if (isProse(block)) {
      prose.push(block);
      return;
    }
    flushProse(`prose-${index}`);
    switch (block.type) {
      case "hero":
        sections.push(<HeroBlock key={index} index={index} block={block} headingLevel={heroIsTitle && !heroSeen ? "h1" : "h2"} />);
        heroSeen = true;
        break;
      case "categoryLinks":
        sections.push(<CategoryLinksBlock key={index} block={block} categories={data.categories} />);
        break;
      case "productRail":
        sections.push(<ProductRailBlock key={index} index={index} block={block} products={data.rails[index]} />);
        break;
    }
  });
  flushProse("prose-end");
  return <Fragment>{sections}</Fragment>;
}

/** Whether the page opens with a hero, whose title then serves as the page's heading. */
export function startsWithHero(data: ContentPageData): boolean {
  return data.page.blocks[0]?.type === "hero";
}
