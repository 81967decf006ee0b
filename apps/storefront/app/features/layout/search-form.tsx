import { lazy, Suspense, useId, useRef, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { SEARCH_TEXT_MAX } from "@quire/contracts/constants";
import { Icon } from "~/components/ui/icon";
import { t } from "~/lib/i18n/messages/layout";

// Loaded when the box is first focused: the suggestions cost every page nothing until a shopper wants them.
const SearchSuggestions = lazy(() => import("~/features/search/search-suggestions"));

/**
 * GET /search?q=: a plain form, so it works without JavaScript. With JavaScript the box is a combobox (ARIA
 * 1.2) whose suggestions (books, categories, authors) appear as the shopper types; Enter without a chosen
 * suggestion searches.
 */
export function SearchForm({ className = "", label = t("layout.search.label") }: { className?: string; label?: string }) {
  const id = useId();
  const [params] = useSearchParams();
  const inputRef = useRef<HTMLInputElement>(null);
  const [engaged, setEngaged] = useState(false);
  return (
    <Form method="get" action="/search" role="search" aria-label={label} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded="false"
        defaultValue={params.get("q") ?? ""}
        onFocus={() => setEngaged(true)}
        placeholder={t("layout.search.placeholder")}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_TEXT_MAX}
        className="block h-input w-full rounded-full border border-line-strong bg-surface pr-12 pl-4 text-base text-ink placeholder:text-ink-muted"
      />
      <button
        type="submit"
        className="absolute top-1 right-1 inline-flex size-9 items-center justify-center rounded-full bg-accent text-accent-ink hover:bg-accent-hover"
      >
        <Icon name="search" className="size-4.5" />
        <span className="sr-only">{t("layout.search.submit")}</span>
      </button>
      {engaged ? (
        <Suspense fallback={null}>
          <SearchSuggestions inputRef={inputRef} listboxId={`${id}-suggestions`} />
        </Suspense>
      ) : null}
    </Form>
  );
}
