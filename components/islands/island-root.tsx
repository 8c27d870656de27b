import { useEffect, type ComponentType, type ReactNode } from "react";

/**
 * What an island is in the HTML: `<qhb-island data-island="offer-form" data-props="{…}">`
 * around the island's own server-rendered markup. A custom element, so the end of an island
 * is the first `</qhb-island>` after its start (islands never nest), and `display: contents`
 * keeps it out of the layout.
 */
export const ISLAND_TAG = "qhb-island";

/** Set on an island once React has hydrated it: what tests and measurements wait on. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

function IslandRoot({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  // Runs once (onHydrated is made once per root), after React has attached to the markup.
  useEffect(() => {
    onHydrated();
  }, [onHydrated]);
  return children;
}

/**
 * The tree of one island, the same on the build server (renderToString) and in the browser
 * (hydrateRoot), so React's ids and markup agree.
 */
export function islandElement<Props extends object>(
  Component: ComponentType<Props>,
  props: Props,
  onHydrated: () => void = () => {},
) {
  return (
    <IslandRoot onHydrated={onHydrated}>
      <Component {...props} />
    </IslandRoot>
  );
}

/** Each island is its own React root: a prefix keeps two roots' useId values apart. */
export function islandIdPrefix(name: string, index: number): string {
  return `${name}-${index}-`;
}
