import { prepareFormPosts } from "@/lib/browser/form-post";
import { recordArrival } from "@/lib/browser/visit-recorder";
import { browserStorage } from "@/lib/browser/storage";

/**
 * What every exported page runs besides its islands (no React): notes where the visit
 * came from, for the offer form to send with a request, and readies an offer form to post
 * itself with what the page knows, until its island takes over. Each page's script calls it.
 */
export function recordVisit(): void {
  recordArrival(
    { url: window.location.href, referrer: document.referrer, now: new Date() },
    browserStorage("localStorage"),
    browserStorage("sessionStorage"),
  );
  prepareFormPosts();
}
