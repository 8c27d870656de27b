import { startTransition, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

import {
  HYDRATED_ATTRIBUTE,
  ISLAND_TAG,
  islandElement,
  islandIdPrefix,
} from "@/components/islands/island-root";

/**
 * Hydrates every island of one kind on the page, each as its own React root, with the props
 * the build wrote beside its markup. In a transition, so React hydrates in short slices that
 * leave the main thread free between them, instead of one long task on a slow phone (a
 * visitor who taps an island before it is done gets that island hydrated first).
 */
export function hydrateIslands(name: string, Component: ComponentType<object>): void {
  const elements = document.querySelectorAll<HTMLElement>(`${ISLAND_TAG}[data-island="${name}"]`);
  elements.forEach((element, index) => {
    let props: object;
    try {
      props = JSON.parse(element.dataset.props ?? "{}") as object;
    } catch (error) {
      console.error(`Island "${name}" has unreadable props and stays static:`, error);
      return;
    }
    startTransition(() => {
      hydrateRoot(
        element,
        islandElement(Component, props, () => element.setAttribute(HYDRATED_ATTRIBUTE, "")),
        {
          identifierPrefix: islandIdPrefix(name, index),
          onRecoverableError(error) {
            console.error(`Island "${name}" did not hydrate cleanly:`, error);
          },
        },
      );
    });
  });
}
