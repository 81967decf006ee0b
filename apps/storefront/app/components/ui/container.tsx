import type { ElementType, ReactNode } from "react";

/** The page's content column: full width on phones, centred up to 80rem with side padding. */
export function Container({ as: Tag = "div", className = "", children }: { as?: ElementType; className?: string; children: ReactNode }) {
  return <Tag className={`mx-auto w-full max-w-page px-4 sm:px-6 lg:px-8 ${className}`}>{children}</Tag>;
}
