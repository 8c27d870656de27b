"use client";

import { Filter, X } from "lucide";
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from "react";

import { blogCopy as copy } from "@/content/blog-page";
import {
  ALL_POSTS,
  BLOG_CATEGORIES,
  CATEGORY_QUERY,
  POST_CATEGORY_ATTRIBUTE,
  categoryFromSlug,
  categoryHref,
  countPosts,
  type BlogCategory,
  type PostCategory,
} from "@/lib/blog-categories";
import { slugify } from "@/lib/slug";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";

export type BlogFilterProps = {
  /** Each card's post and category, in list order; the cards themselves are server HTML. */
  posts: { slug: string; category: PostCategory }[];
  /** The category the page was rendered with (the pre-rendered category pages). */
  category: BlogCategory;
};

// Radix Dialog is ~10 KB gzip that only small screens use, and only when asked.
const loadSheet = () => import("@/components/blog/category-sheet");
const CategorySheet = lazy(() =>
  loadSheet().then(({ CategorySheet }) => ({ default: CategorySheet })),
);

/** Keeps the chosen category in the address, so a filtered list can be shared and reloaded. */
function writeCategoryToUrl(category: BlogCategory) {
  const url = new URL("/blog", window.location.href);
  if (category !== ALL_POSTS) url.searchParams.set(CATEGORY_QUERY, slugify(category));
  window.history.replaceState(window.history.state, "", url);
}

/** Shows only the cards of the chosen category; the cards are outside this island. */
function showCards(category: BlogCategory) {
  for (const card of document.querySelectorAll<HTMLElement>(`[${POST_CATEGORY_ATTRIBUTE}]`)) {
    const matches =
      category === ALL_POSTS || card.getAttribute(POST_CATEGORY_ATTRIBUTE) === slugify(category);
    card.hidden = !matches;
  }
}

/**
 * The category filter of /blog: a sidebar on large screens, a Categories button with a
 * slide-in sheet and a removable "Filtered by" badge on small ones. Every choice is a link
 * to the pre-rendered category page, so it works without script; with script the cards
 * already on the page are shown or hidden in place and the address keeps ?category=.
 */
export function BlogFilter({ posts, category: rendered }: BlogFilterProps) {
  const [category, setCategory] = useState<BlogCategory>(rendered);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetWanted, setSheetWanted] = useState(false);
  const categoriesButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const query = new URLSearchParams(window.location.search).get(CATEGORY_QUERY);
    // The export is static: the query string is only known in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (query !== null) setCategory(categoryFromSlug(query));
  }, []);

  useEffect(() => showCards(category), [category]);

  function choose(event: MouseEvent<HTMLAnchorElement>, next: BlogCategory) {
    // A new tab or window gets the link as it is.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setCategory(next);
    writeCategoryToUrl(next);
  }

  function categoryLinks(onChosen?: () => void) {
    return (
      <ul className="grid gap-1">
        {BLOG_CATEGORIES.map((option) => {
          const current = option === category;
          return (
            <li key={option}>
              <a
                href={categoryHref(option)}
                aria-current={current ? "page" : undefined}
                onClick={(event) => {
                  choose(event, option);
                  onChosen?.();
                }}
                className={cn(
                  "block w-full rounded-md px-3 py-2 text-left text-sm font-medium focus-visible:outline-3 focus-visible:outline-blue-600",
                  current
                    ? "bg-blue-700 text-white hover:bg-blue-800 hover:text-white"
                    : "text-slate-800 hover:bg-slate-100",
                )}
              >
                {option}
              </a>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      <aside aria-labelledby="categories-title" className="hidden lg:row-span-2 lg:block">
        <h2
          id="categories-title"
          className="mb-3 text-sm font-bold tracking-wide text-slate-600 uppercase"
        >
          {copy.categoriesTitle}
        </h2>
        {categoryLinks()}
      </aside>

      <div className="flex flex-wrap items-center gap-3 lg:hidden">
        <Button
          ref={categoriesButton}
          variant="outline"
          aria-haspopup="dialog"
          aria-expanded={sheetOpen}
          onPointerEnter={() => void loadSheet()}
          onFocus={() => void loadSheet()}
          onClick={() => {
            setSheetWanted(true);
            setSheetOpen(true);
          }}
        >
          <Icon icon={Filter} />
          {copy.categoriesTitle}
        </Button>
        {sheetWanted ? (
          <Suspense fallback={null}>
            <CategorySheet
              open={sheetOpen}
              onOpenChange={setSheetOpen}
              returnFocusTo={categoriesButton}
            >
              {categoryLinks(() => setSheetOpen(false))}
            </CategorySheet>
          </Suspense>
        ) : null}
        {category !== ALL_POSTS ? (
          <Badge size="removable">
            {copy.filteredBy} {category}
            <a
              href={categoryHref(ALL_POSTS)}
              aria-label={copy.clearFilter}
              onClick={(event) => choose(event, ALL_POSTS)}
              className="rounded-full p-1 hover:bg-blue-200 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <Icon icon={X} className="size-3.5" />
            </a>
          </Badge>
        ) : null}
      </div>

      <p role="status" className="sr-only">
        {copy.showing(countPosts(posts, category), category)}
      </p>
    </>
  );
}
