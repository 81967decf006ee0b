import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { Icon } from "~/components/ui/icon";

/** GET /search?q= — a plain form, so it works without JavaScript. */
export function SearchForm({ className = "" }: { className?: string }) {
  const id = useId();
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search books
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={params.get("q") ?? ""}
        placeholder="Search by title, author or occasion"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        className="block h-input w-full rounded-full border border-line-strong bg-surface pr-12 pl-4 text-base text-ink placeholder:text-ink-muted"
      />
      <button
        type="submit"
        className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-accent text-accent-ink hover:bg-accent-hover"
      >
        <Icon name="search" className="size-4.5" />
        <span className="sr-only">Search</span>
      </button>
    </Form>
  );
}
