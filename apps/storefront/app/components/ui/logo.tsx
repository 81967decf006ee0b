import { Link } from "react-router";

/** The shop's wordmark: a small cloth-bound book and the store name. */
export function Logo({ storeName, className = "" }: { storeName: string; className?: string }) {
  return (
    <Link to="/" className={`inline-flex items-center gap-2 rounded-control text-ink ${className}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect x="6" y="4" width="20" height="24" rx="2.5" className="fill-accent" />
        <rect x="6" y="4" width="4" height="24" rx="1.5" className="fill-accent-hover" />
        <path d="M14 11h8M14 15h6" stroke="#fff" strokeWidth="1.75" strokeLinecap="round" />
      </svg>
      <span className="font-serif text-xl font-semibold tracking-tight sm:text-2xl">{storeName}</span>
    </Link>
  );
}
