import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** What the running local server leaves in .data/server.json, so tools can ask it. */
export type ServerInfo = { pid: number; url: string };

/** Where PGlite keeps the leads: LEADS_DATA_DIR, or .data/leads under the project. */
export function leadsDataDir(): string {
  return path.resolve(process.env.LEADS_DATA_DIR ?? path.join(".data", "leads"));
}

/** Beside the leads directory: .data/leads -> .data/server.json. */
export function serverInfoPath(dataDir = leadsDataDir()): string {
  return path.join(path.dirname(dataDir), "server.json");
}

export function writeServerInfo(info: ServerInfo, dataDir = leadsDataDir()): void {
  const file = serverInfoPath(dataDir);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(info)}\n`);
}

/** The running server's info, or null when there is none or its process is gone. */
export function readServerInfo(dataDir = leadsDataDir()): ServerInfo | null {
  let info: unknown;
  try {
    info = JSON.parse(readFileSync(serverInfoPath(dataDir), "utf8"));
  } catch {
    return null;
  }
  if (!isServerInfo(info) || !isAlive(info.pid)) return null;
  return info;
}

/** Removes the file only if this process wrote it, so a second server cannot hide the first. */
export function removeServerInfo(dataDir = leadsDataDir()): void {
  const file = serverInfoPath(dataDir);
  try {
    const info: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (isServerInfo(info) && info.pid !== process.pid) return;
  } catch {
    // Unreadable or half-written: ours to clean up.
  }
  rmSync(file, { force: true });
}

function isServerInfo(value: unknown): value is ServerInfo {
  const info = value as Partial<ServerInfo> | null;
  return Number.isInteger(info?.pid) && typeof info?.url === "string";
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
