import { createContext, useContext, type ReactNode } from "react";
import type { ICON_PATHS } from "./icon-paths";
// A file of its own even though it is small (no-inline): <use> cannot point into a data: URL.
import spriteUrl from "./icons.svg?url&no-inline";

/**
 * A small set of line icons (no icon service): each icon points into one cached sprite, icons.svg, rather
 * than carrying its path in every page's HTML (issue 9). Decorative by default: give the surrounding control
 * its accessible name.
 */
export type IconName = keyof typeof ICON_PATHS;

/**
 * The sprite the icons point into: the shipped one unless the shop configures an icon service (the root
 * provides its sprite's address then, features/icons).
 */
export const IconSpriteContext = createContext<string>(spriteUrl);
export const SHIPPED_ICON_SPRITE: string = spriteUrl;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  const sprite = useContext(IconSpriteContext);
  return (
    <svg fill="none" aria-hidden="true" focusable="false" className={className}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

/** The card brands a card payment provider may take (docs/storefront-behaviour/payments.md). */
export const CARD_BRAND_NAMES = { visa: "Visa", mastercard: "Mastercard", "american-express": "American Express" } as const;
export type CardBrand = keyof typeof CARD_BRAND_NAMES;

/** Each brand's mark, small and drawn inline on a 38 × 24 card: the colours each brand publishes for it. */
const CARD_BRAND_MARKS: Record<CardBrand, ReactNode> = {
  visa: (
    <>
      <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill="#fff" stroke="#d6d1ca" />
      <text
        x="19"
        y="16"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="10.5"
        fontStyle="italic"
        fontWeight="800"
        fill="#1a1f71"
      >
        VISA
      </text>
    </>
  ),
  mastercard: (
    <>
      <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill="#fff" stroke="#d6d1ca" />
      <circle cx="15" cy="12" r="7" fill="#eb001b" />
      <circle cx="23" cy="12" r="7" fill="#f79e1b" />
      <path d="M19 6.26a7 7 0 0 1 0 11.48 7 7 0 0 1 0-11.48Z" fill="#ff5f00" />
    </>
  ),
  "american-express": (
    <>
      <rect width="38" height="24" rx="4" fill="#1f72cd" />
      <text x="19" y="15.5" textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize="8.5" fontWeight="800" fill="#fff">
        AMEX
      </text>
    </>
  ),
};

/** A card brand's mark, named for screen readers ("Visa"). */
export function CardBrandIcon({ brand, className = "h-6 w-auto" }: { brand: CardBrand; className?: string }) {
  return (
    <svg viewBox="0 0 38 24" role="img" aria-label={CARD_BRAND_NAMES[brand]} focusable="false" className={className}>
      {CARD_BRAND_MARKS[brand]}
    </svg>
  );
}
