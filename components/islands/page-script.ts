import { prepareFormPosts } from "@/lib/browser/form-post";
import { layOutBeforeInPageJumps } from "@/lib/browser/in-page-jumps";
import { recordArrival } from "@/lib/browser/visit-recorder";
import { browserStorage } from "@/lib/browser/storage";
import type { Touch } from "@/supabase/functions/_shared/contract/touch-fields.ts";

/**
 * What every exported page runs besides its islands (no React): notes where the visit
 * came from, for the offer form to send with a request, readies an offer form to post
 * itself with what the page knows, until its island takes over, and has a jump within the
 * page land where it points. Each page's script calls it. Returns the visit's first touch,
 * for its phone number (lib/browser/call-tracking.ts).
 */
export function startPage(): Touch | undefined {
  const first = recordArrival(
    { url: window.location.href, referrer: document.referrer, now: new Date() },
    browserStorage("localStorage"),
    browserStorage("sessionStorage"),
  );
  prepareFormPosts();
  layOutBeforeInPageJumps();
  return first;
}

/**
 * Runs each step of a page's script in a task of its own, in order, the first after the task
 * in which the browser evaluated the page's modules (React DOM's among them). Evaluating the
 * modules, noting the visit and setting the islands to hydrate were one task of 83 to 112 ms
 * on a low-tier emulated phone (Lighthouse, 4× CPU), the page's longest after its first
 * paint; apart, the browser can paint or answer a tap between them. The form hydrates about
 * 0.1 s later for it (docs/performance.md, "The page's script in steps"), with
 * scheduler.yield(), where a step resumes ahead of other waiting tasks, as with setTimeout.
 * A step that throws does not keep the next from running: a visit that could not be noted
 * still gets its form.
 */
export function runInTasks(steps: readonly (() => void)[]): void {
  const [step, ...rest] = steps;
  if (!step) return;
  afterYielding(() => {
    try {
      step();
    } finally {
      runInTasks(rest);
    }
  });
}

type Scheduler = { yield?: () => Promise<void> };

function afterYielding(run: () => void): void {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === "function") {
    void scheduler.yield().then(run);
  } else {
    setTimeout(run, 0);
  }
}
