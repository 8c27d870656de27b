import { CALCULATOR_PATH, CALCULATOR_STATE_QUERY } from "@/content/calculator";
import { CATEGORY_QUERY, POST_CATEGORIES } from "@/lib/blog-categories";
import { CALCULATOR_PATH_ES } from "@/content/es/calculator";
import { spanishCalculatorStatePath, spanishSiteOn } from "@/lib/languages";
import { slugify } from "@/lib/slug";
import { stateSummaries } from "@/lib/states";

/**
 * Addresses with a query a static host answers with another pre-rendered page, because a
 * static file cannot read its query: /blog?category=estate-sales is the category's list,
 * /calculator?state=oh is the calculator with Ohio's worked example. out/_redirects tells
 * hosts that rewrite on the query (Netlify); the local server applies the same list. Where
 * a host does not, the page's island reads the query once its script runs.
 */
export type QueryRewrite = { path: string; param: string; value: string; to: string };

export function queryRewrites(): QueryRewrite[] {
  return [
    ...POST_CATEGORIES.map((category) => {
      const slug = slugify(category);
      return { path: "/blog", param: CATEGORY_QUERY, value: slug, to: `/blog/category/${slug}` };
    }),
    // Lower and upper case, as people type state codes either way; hosts match exactly.
    ...stateSummaries.flatMap((state) =>
      [state.code.toLowerCase(), state.code].map((value) => ({
        path: CALCULATOR_PATH,
        param: CALCULATOR_STATE_QUERY,
        value,
        to: `${CALCULATOR_PATH}/${state.slug}`,
      })),
    ),
    // The same for the Spanish calculator, where the Spanish site is built.
    ...(spanishSiteOn() ? stateSummaries : []).flatMap((state) =>
      [state.code.toLowerCase(), state.code].map((value) => ({
        path: CALCULATOR_PATH_ES,
        param: CALCULATOR_STATE_QUERY,
        value,
        to: spanishCalculatorStatePath(state.name),
      })),
    ),
  ];
}

/** The page a request for `pathname` with `search` ("?a=b" or "") is answered with, if any. */
export function rewriteForQuery(
  pathname: string,
  search: string,
  rewrites: readonly QueryRewrite[] = queryRewrites(),
): string | null {
  const params = new URLSearchParams(search);
  const found = rewrites.find(
    (rewrite) => rewrite.path === pathname && params.get(rewrite.param) === rewrite.value,
  );
  return found?.to ?? null;
}

/**
 * The `_redirects` file (Netlify's format). `200!`: the page itself exists (blog.html), and
 * Netlify lets an existing file shadow a rule that is not forced.
 */
export function renderRedirectsFile(rewrites: readonly QueryRewrite[] = queryRewrites()): string {
  return `${rewrites.map((rewrite) => `${rewrite.path}  ${rewrite.param}=${rewrite.value}  ${rewrite.to}  200!`).join("\n")}\n`;
}
