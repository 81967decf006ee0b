import type { Autocomplete, Highlight, Image } from "@quire/contracts";
import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router";
import { ProductPicture } from "~/features/catalog/product-picture";
import { t } from "~/lib/i18n/messages/search";

// The catalogue's paths (catalog-crumbs.ts, product-card.tsx), written here so this chunk loads nothing else.
const productHref = (slug: string) => `/store/product/${slug}`;
const categoryPath = (slug: string) => `/store/${slug}`;

/** Typing pauses this long before the suggestions are asked for: one request per pause, not per key. */
const TYPING_PAUSE_MS = 120;

interface Option {
  id: string;
  href: string;
  label: Highlight;
  detail: string;
  image?: Image | null;
}

interface Group {
  key: string;
  title: string;
  options: Option[];
}

/** The answer as the listbox's groups, each option with the page it opens. */
function toGroups(answer: Autocomplete, listboxId: string): Group[] {
  const searchFor = (text: string) => `/search?${new URLSearchParams({ q: text })}`;
  const groups: Group[] = [
    {
      key: "products",
      title: t("search.suggestions.books"),
      options: answer.products.map((product) => ({
        id: `${listboxId}-product-${product.id}`,
        href: productHref(product.slug),
        label: product.highlight,
        detail: product.matchedCode ? `${product.byline} · ${product.matchedCode}` : product.byline,
        image: product.image,
      })),
    },
    {
      key: "categories",
      title: t("search.suggestions.categories"),
      options: answer.categories.map((category) => ({
        id: `${listboxId}-category-${category.id}`,
        href: categoryPath(category.slug),
        label: category.highlight,
        detail: t("search.suggestions.category"),
      })),
    },
    {
      key: "authors",
      title: t("search.suggestions.authors"),
      options: answer.authors.map((author) => ({
        id: `${listboxId}-author-${author.code}`,
        href: searchFor(author.name),
        label: author.highlight,
        detail: t("search.suggestions.author"),
      })),
    },
  ];
  return groups.filter((group) => group.options.length > 0);
}

function Marked({ runs }: { runs: Highlight }) {
  return (
    <>
      {runs.map((run, index) =>
        run.match ? (
          <mark key={index} className="bg-transparent font-semibold text-ink">
            {run.text}
          </mark>
        ) : (
          <span key={index}>{run.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The header search box's suggestions, loaded when the box is first focused (search-form.tsx). The box is the
 * combobox of the ARIA 1.2 pattern: typing asks /search/suggestions for books, categories and authors; Down
 * and Up move through them (aria-activedescendant, focus stays in the box), Enter opens the one chosen (or
 * searches when none is), Escape closes the list, then clears the box. A failed or late answer shows nothing:
 * Enter still searches.
 */
export default function SearchSuggestions({ inputRef, listboxId }: { inputRef: RefObject<HTMLInputElement | null>; listboxId: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [groups, setGroups] = useState<Group[]>([]);
  // The page the list was opened on: a new page closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const setOpen = (shown: boolean) => setOpenOn(shown ? page.current : null);
  const [active, setActive] = useState(-1);
  const options = groups.flatMap((group) => group.options);
  // What the box's listeners read: the latest render's, kept in a ref so they are added once.
  const state = useRef({ options, active, open });
  const page = useRef(location.key);
  useEffect(() => {
    state.current = { options, active, open };
    page.current = location.key;
  });

  // Asks for suggestions after each pause in typing; a newer text cancels the older request.
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const onInput = () => {
      clearTimeout(timer);
      request?.abort();
      const text = input.value.trim();
      if (!text) {
        setOpen(false);
        setGroups([]);
        return;
      }
      timer = setTimeout(() => {
        request = new AbortController();
        fetch(`/search/suggestions?${new URLSearchParams({ q: text })}`, {
          signal: request.signal,
          headers: { accept: "application/json" },
        })
          .then((response) => (response.ok ? (response.json() as Promise<Autocomplete>) : null))
          .then((answer) => {
            const next = answer ? toGroups(answer, listboxId) : [];
            setGroups(next);
            setActive(-1);
            setOpen(next.length > 0 && document.activeElement === input);
          })
          .catch(() => {});
      }, TYPING_PAUSE_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { options: list, active: current, open: shown } = state.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (list.length === 0) return;
        event.preventDefault();
        if (!shown) setOpen(true);
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive(current === -1 ? (step === 1 ? 0 : list.length - 1) : (current + step + list.length) % list.length);
      } else if (event.key === "Enter" && shown && current >= 0 && list[current]) {
        event.preventDefault();
        setOpen(false);
        void navigate(list[current].href);
      } else if (event.key === "Escape") {
        if (shown) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
      }
    };
    const onBlur = () => setOpen(false);
    input.addEventListener("input", onInput);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("blur", onBlur);
    // Typed while this module was loading: ask now for what is already in the box.
    if (input.value !== input.defaultValue) onInput();
    return () => {
      clearTimeout(timer);
      request?.abort();
      input.removeEventListener("input", onInput);
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("blur", onBlur);
    };
  }, [inputRef, listboxId, navigate]);

  // The box tells assistive technology whether the list is open and which option is chosen.
  const activeId = open && active >= 0 ? options[active]?.id : undefined;
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    // Set here, once the list exists: the box is a plain collapsed combobox until its suggestions load.
    input.setAttribute("aria-controls", listboxId);
    input.setAttribute("aria-expanded", String(open));
    if (activeId) input.setAttribute("aria-activedescendant", activeId);
    else input.removeAttribute("aria-activedescendant");
    // The list is at most 200 px high (app.css's max-h-dropdown): the option the arrows reach is scrolled into view.
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [inputRef, listboxId, open, activeId]);

  // Each group's first option's place in the whole list, for the active option's highlight.
  const firstIndex = groups.map((_, position) => groups.slice(0, position).reduce((count, group) => count + group.options.length, 0));
  return (
    <>
      <p role="status" className="sr-only">
        {open ? `${options.length} ${options.length === 1 ? "suggestion" : "suggestions"}; use the up and down arrows to choose` : ""}
      </p>
      <div
        id={listboxId}
        role="listbox"
        aria-label={t("search.suggestions.label")}
        hidden={!open}
        // Choosing with the mouse must not blur the box first, or the list closes before the click lands.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute top-full right-0 left-0 z-(--z-menu) mt-2 max-h-dropdown overflow-y-auto rounded-card border border-line bg-surface py-2 shadow-lg"
      >
        {groups.map((group, groupIndex) => (
          <div key={group.key} role="group" aria-labelledby={`${listboxId}-${group.key}`}>
            <div
              id={`${listboxId}-${group.key}`}
              role="presentation"
              className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase"
            >
              {group.title}
            </div>
            {group.options.map((option, optionIndex) => {
              const isActive = firstIndex[groupIndex]! + optionIndex === active;
              return (
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={isActive}
                  onClick={() => {
                    setOpen(false);
                    void navigate(option.href);
                  }}
                  className={`flex cursor-pointer items-center gap-3 px-4 py-2 ${isActive ? "bg-sunk" : "hover:bg-sunk"}`}
                >
                  {option.image ? (
                    <ProductPicture
                      image={option.image}
                      sizes="28px"
                      alt=""
                      width={28}
                      height={42}
                      loading="eager"
                      className="h-[42px] w-[28px] shrink-0 rounded-sm"
                    />
                  ) : null}
                  <span className="min-w-0">
                    <span className="block truncate text-ink">
                      <Marked runs={option.label} />
                    </span>
                    <span className="block truncate text-sm text-ink-muted">{option.detail}</span>
                  </span>
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </>
  );
}
