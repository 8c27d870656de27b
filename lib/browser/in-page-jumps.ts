/**
 * Set on the page's root once a link has jumped within the page: from then on the parts a
 * long page lays out only as they near the screen are all laid out (app/globals.css).
 */
export const JUMPED_ATTRIBUTE = "data-jumped";

/**
 * Has a link to a place on this page lay out the page's deferred parts before the browser
 * glides there (the footer's About Us, the guides' Get a cash offer, the offer bar).
 * Each part holds a guessed height until it is laid out; laid out on the way, it would take
 * its real one and move the glide's end away from the place the link points to. Listens
 * before the page's own handlers, so the offer form's scroll to itself starts after it too.
 */
export function layOutBeforeInPageJumps(doc: Document = document): void {
  doc.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !link.hash) return;
      const here = doc.location;
      if (link.origin !== here.origin || link.pathname !== here.pathname) return;
      doc.documentElement.setAttribute(JUMPED_ATTRIBUTE, "");
    },
    { capture: true },
  );
}
