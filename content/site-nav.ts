/** The words of the header's navigation (components/site/site-header.tsx). */
export const siteNavCopy = {
  label: "Main",
  menu: "Menu",
  home: "Home",
  situations: "Situations",
  /** Above the situations, in the menu, the header's row of them and the home page's list. */
  situationsTitle: "What's going on?",
  allSituations: "All situations",
  compare: "Cash offer vs listing",
  calculator: "Calculator",
  blog: "Blog",
} as const;
