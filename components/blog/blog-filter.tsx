"use client";

import { Filter, X } from "lucide";
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";

import { blogCopy as copy } from "@/content/blog-page";
import {
  ALL_POSTS,
  BLOG_CATEGORIES,
  categoryFromSlug,
  categorySlug,
  filterPosts,
  type BlogCategory,
} from "@/lib/blog-categories";
import { cn } from "@/lib/utils";
import { Badge } from "@/components/ui/badge";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";

export type BlogFilterProps = {
  /** Cards rendered on the server; the filter only decides which to show. */
  items: { slug: string; category: string; card: ReactNode }[];
};

const QUERY = "category";

// Radix Dialog is ~10 KB gzip that only small screens use, and only when asked.
const loadSheet = () => import("@/components/blog/category-sheet");
const CategorySheet = lazy(() =>
  loadSheet().then(({ CategorySheet }) => ({ default: CategorySheet })),
);

/** Keeps the chosen category in the address, so a filtered list can be shared and reloaded. */
function writeCategoryToUrl(category: BlogCategory) {
  const url = new URL(window.location.href);
  if (category === ALL_POSTS) url.searchParams.delete(QUERY);
  else url.searchParams.set(QUERY, categorySlug(category));
  window.history.replaceState(window.history.state, "", url);
}

export function BlogFilter({ items }: BlogFilterProps) {
  const [category, setCategory] = useState<BlogCategory>(ALL_POSTS);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetWanted, setSheetWanted] = useState(false);
  const categoriesButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const fromUrl = categoryFromSlug(new URLSearchParams(window.location.search).get(QUERY));
    // The export is static: the query string is only known in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setCategory(fromUrl);
  }, []);

  function choose(next: BlogCategory) {
    setCategory(next);
    writeCategoryToUrl(next);
  }

  const shown = filterPosts(items, category);

  function categoryButtons(onChosen?: () => void) {
    return (
      <ul className="grid gap-1">
        {BLOG_CATEGORIES.map((option) => (
          <li key={option}>
            <button
              type="button"
              aria-pressed={option === category}
              onClick={() => {
                choose(option);
                onChosen?.();
              }}
              className={cn(
                "w-full rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-blue-600",
                option === category && "bg-blue-700 text-white hover:bg-blue-800",
              )}
            >
              {option}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-8 lg:grid-cols-[14rem_minmax(0,1fr)]">
      <aside aria-labelledby="categories-title" className="hidden lg:block">
        <h2
          id="categories-title"
          className="mb-3 text-sm font-bold tracking-wide text-slate-600 uppercase"
        >
          {copy.categoriesTitle}
        </h2>
        {categoryButtons()}
      </aside>

      <div>
        <div className="mb-6 flex flex-wrap items-center gap-3 lg:hidden">
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
                {categoryButtons(() => setSheetOpen(false))}
              </CategorySheet>
            </Suspense>
          ) : null}
          {category !== ALL_POSTS ? (
            <Badge size="removable">
              {copy.filteredBy} {category}
              <button
                type="button"
                aria-label={copy.clearFilter}
                onClick={() => choose(ALL_POSTS)}
                className="rounded-full p-1 hover:bg-blue-200 focus-visible:outline-2 focus-visible:outline-blue-700"
              >
                <Icon icon={X} className="size-3.5" />
              </button>
            </Badge>
          ) : null}
        </div>

        <p role="status" className="sr-only">
          {copy.showing(shown.length, category)}
        </p>
        <ul className="grid gap-6 md:grid-cols-2">
          {shown.map((item) => (
            <li key={item.slug}>{item.card}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
