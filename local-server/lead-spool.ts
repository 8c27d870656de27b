import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";

import {
  storeOutageLead,
  type LeadSpool,
  type OutageLead,
} from "../supabase/functions/_shared/handler/outage-leads.ts";
import type { LeadStore } from "../supabase/functions/_shared/store/lead-store.ts";

/**
 * The local server's spool of leads a team channel took while the store was down: one file
 * per lead (the lead, its consent record and its deliveries, those that went out marked
 * sent), written and synced to disk before the visitor is answered, readable by this user
 * alone (0600 in a 0700 folder: a lead is personal data). The server replays it when it starts
 * and before each maintenance run, and removes a file only once the store has the lead, so a
 * restart or a longer outage loses none. It sits beside the store's folder, as the store's
 * lock does: PGlite's folder is Postgres's own.
 */

/** The spool beside the store's folder: .data/leads -> .data/leads.spool. */
export function spoolDir(dataDir: string): string {
  return `${path.resolve(dataDir)}.spool`;
}

const SPOOLED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json$/;
/** What a crash left half-written: the visitor was never answered for it. */
const PARTIAL = /\.json\.partial-/;

export type ReplayCounts = { stored: number; left: number };

export type LocalLeadSpool = LeadSpool & {
  /**
   * Stores each spooled lead and removes its file; stops at the first the store refuses (it
   * is still down: the rest wait for the next run). With `start`, first removes what a crash
   * left half-written.
   */
  replay(store: Pick<LeadStore, "insert">, options?: { start?: boolean }): Promise<ReplayCounts>;
  /** The spooled leads' ids. */
  ids(): Promise<string[]>;
};

export function createLeadSpool(
  dir: string,
  log: (line: string) => void = () => {},
): LocalLeadSpool {
  const fileOf = (leadId: string) => {
    const name = `${leadId.toLowerCase()}.json`;
    if (!SPOOLED.test(name)) throw new Error(`"${leadId}" is not a lead id.`);
    return path.join(dir, name);
  };

  async function names(): Promise<string[]> {
    try {
      return await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  /** Makes a rename or removal in the folder itself survive a power cut. */
  async function syncDir(): Promise<void> {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  /** Moves a file aside, out of the replay, keeping it for the operator. */
  async function setAside(name: string, why: "conflict" | "unreadable"): Promise<void> {
    await rename(path.join(dir, name), path.join(dir, `${name}.${why}`));
    await syncDir();
  }

  async function read(name: string, leadId: string): Promise<OutageLead | null> {
    try {
      const kept = JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutageLead;
      const whole =
        kept.lead?.id === leadId &&
        typeof kept.consent === "object" &&
        kept.consent !== null &&
        Array.isArray(kept.deliveries);
      return whole ? kept : null;
    } catch {
      return null;
    }
  }

  return {
    async keep(kept) {
      const file = fileOf(kept.lead.id);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const partial = `${file}.partial-${randomBytes(6).toString("hex")}`;
      const handle = await open(partial, "wx", 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(kept)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(partial, file);
      await syncDir();
    },

    async forget(leadId) {
      await rm(fileOf(leadId), { force: true });
      await syncDir().catch(() => {});
    },

    async replay(store, { start = false } = {}) {
      const all = await names();
      if (start) {
        for (const name of all.filter((file) => PARTIAL.test(file))) {
          await rm(path.join(dir, name), { force: true });
        }
      }
      const spooled = all.flatMap((name) => {
        const match = SPOOLED.exec(name);
        return match ? [{ name, leadId: match[1]! }] : [];
      });
      let stored = 0;
      for (const [index, { name, leadId }] of spooled.entries()) {
        const kept = await read(name, leadId);
        if (!kept) {
          log(`Spooled lead ${leadId} cannot be read; it was set aside as ${name}.unreadable.`);
          await setAside(name, "unreadable");
          continue;
        }
        let outcome;
        try {
          outcome = await storeOutageLead(store, kept);
        } catch {
          // Still down: this one and the rest wait for the next run.
          return { stored, left: spooled.length - index };
        }
        if (outcome === "conflict") {
          log(
            `Spooled lead ${leadId} was not stored: its id holds another request. It was set aside as ${name}.conflict.`,
          );
          await setAside(name, "conflict");
          continue;
        }
        if (outcome === "inserted") stored += 1;
        await rm(path.join(dir, name), { force: true });
        await syncDir();
      }
      return { stored, left: 0 };
    },

    async ids() {
      return (await names()).flatMap((name) => SPOOLED.exec(name)?.[1] ?? []);
    },
  };
}
