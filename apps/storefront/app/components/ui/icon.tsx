import type { ReactNode } from "react";

/**
 * A small set of line icons drawn inline (no icon service, no extra requests). Decorative by default:
 * give the surrounding control its accessible name.
 */
const PATHS = {
  search: "M11 19a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm10 2-4.35-4.35",
  bag: "M6 8h12l-1 12H7L6 8Zm3 0V6a3 3 0 0 1 6 0v2",
  heart: "M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0",
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  "arrow-up": "M12 19V5m-6 6 6-6 6 6",
  "arrow-right": "M5 12h14m-6-6 6 6-6 6",
  "chevron-down": "m6 9 6 6 6-6",
  "chevron-right": "m9 6 6 6-6 6",
  "chevron-left": "m15 6-6 6 6 6",
  check: "M5 12.5 10 17l9-10",
  info: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-10v5m0-8h.01",
  warning: "M12 4 2.5 20h19L12 4Zm0 6v4m0 3h.01",
  book: "M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15ZM4 20.5A2.5 2.5 0 0 0 6.5 23H20v-5",
  globe: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-9-9h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9Z",
  lock: "M6 11h12v10H6V11Zm2 0V8a4 4 0 0 1 8 0v3",
  download: "M12 4v11m-5-5 5 5 5-5M5 20h14",
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The card brands a payment provider may take (spec section 9: visa, mastercard, american express). */
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
