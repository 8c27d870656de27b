import {
  chmodSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import { hostname } from "node:os";
import path from "node:path";

/**
 * One process per lead store. PGlite is a single-process database: two processes with the
 * same directory open both answer 200 and then lose each other's rows. The store is held by
 * listening on a Unix socket beside its directory (.data/leads -> .data/leads.sock): the
 * kernel lets one process listen on it, and closes it when that process ends however it
 * ends (SIGKILL, a crash), so a lock is never left behind by a dead process. The same socket
 * is the operator's way in: `npm run leads` asks the holder through it, and only a user who
 * may write to the socket file (mode 0600, its owner) can connect; nothing about leads is
 * served over TCP. Another user cannot connect, so cannot tell a live holder from a dead
 * one that way: a note beside the socket (.data/leads.sock.holder, readable by all) names
 * the process that made that very socket file.
 */

/** Who holds a store: told to a second server or to the CLI. */
export type Holder = { pid: number; role: "server" | "cli"; url?: string };

/** One call from the CLI to the holder: a method of the operator's store and its arguments. */
export type ControlRequest = { method: string; params?: unknown[] };
export type ControlHandler = (request: ControlRequest) => Promise<unknown>;

export type HeldStore = {
  socketPath: string;
  /** Answers the CLI's calls from now on; before it is set, only "holder" is answered. */
  serve(handler: ControlHandler): void;
  /** Stops answering and lets the next process take the store. Call after the database is closed. */
  release(): Promise<void>;
};

export class StoreHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | null,
    waitedMs: number,
  ) {
    super(
      `The lead store ${dataDir} is held by ${describeHolder(holder)}` +
        (waitedMs > 0 ? ` and was not released within ${Math.round(waitedMs / 1000)} s` : "") +
        ". Two processes on one store would lose leads: stop that one first, or give this one its own LEADS_DATA_DIR.",
    );
  }
}

function describeHolder(holder: Holder | null): string {
  if (!holder) return "another process, which does not answer this user";
  const who = holder.role === "server" ? "a local server" : "npm run leads";
  return `${who} (pid ${holder.pid}${holder.url ? `, ${holder.url}` : ""})`;
}

/** Unix sockets take a path of at most 107 bytes on Linux (103 on macOS). */
const SOCKET_PATH_MAX = 100;
/** A takeover of a dead holder's socket that has not finished in this long was cut off. */
const TAKEOVER_STALE_MS = 10_000;
const POLL_MS = 200;
const CONNECT_TIMEOUT_MS = 2_000;

/** The socket beside the data directory, by its real path, so two spellings of it agree. */
export function storeSocketPath(dataDir: string): string {
  const parent = path.dirname(path.resolve(dataDir));
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  const full = path.join(realpathSync(parent), `${path.basename(dataDir)}.sock`);
  if (Buffer.byteLength(full) <= SOCKET_PATH_MAX) return full;
  const relative = path.relative(process.cwd(), full);
  if (Buffer.byteLength(relative) <= SOCKET_PATH_MAX) return relative;
  throw new Error(
    `The lead store's lock ${full} is a path too long for a Unix socket; use a shorter LEADS_DATA_DIR.`,
  );
}

/**
 * Takes the store for this process, waiting up to `waitMs` for a holder to let go (a server
 * restarted while the old one drains its e-mails). Throws StoreHeldError, naming the holder,
 * when it is still held after that.
 */
export async function holdStore(
  dataDir: string,
  holder: Holder,
  { waitMs = 0, log = () => {} }: { waitMs?: number; log?: (line: string) => void } = {},
): Promise<HeldStore> {
  const socketPath = storeSocketPath(dataDir);
  const started = Date.now();
  let said = false;
  for (;;) {
    const server = await listenOnce(socketPath);
    if (server) {
      try {
        writeHolderNote(socketPath, holder);
      } catch {
        // Without it another user waits for this store and refuses, as for any holder.
      }
      return heldStore(server, socketPath, holder);
    }
    const current = await probe(socketPath);
    if (current === "dead") {
      // Nobody listens on the socket: its process is gone. Remove it and try again.
      await takeOverDeadSocket(socketPath);
      continue;
    }
    if (current === "gone") continue;
    const waited = Date.now() - started;
    if (waited >= waitMs) throw new StoreHeldError(dataDir, current, waited);
    if (!said) {
      log(
        `The lead store ${dataDir} is held by ${describeHolder(current)}; waiting up to ${Math.round(waitMs / 1000)} s for it to close.`,
      );
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The server listening on the socket, or null when the path is taken. */
function listenOnce(socketPath: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE") resolve(null);
      else reject(error);
    });
    // Only the owner may connect: what the socket serves is every lead.
    const umask = process.umask(0o177);
    server.listen(socketPath, () => {
      process.umask(umask);
      chmodSync(socketPath, 0o600);
      resolve(server);
    });
    process.umask(umask);
  });
}

/**
 * A socket file nobody listens on is removed under a short mutex (a directory, created
 * atomically), so two processes that both find it dead cannot remove each other's new one.
 */
async function takeOverDeadSocket(socketPath: string): Promise<void> {
  const mutex = `${socketPath}.takeover`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    if (leftOver(mutex)) {
      try {
        rmSync(mutex, { recursive: true, force: true });
      } catch (cause) {
        throw new Error(
          `The lead store's lock ${socketPath} was left mid-takeover in ${mutex}, which this user cannot remove (${(cause as Error).message}): remove it, then start again.`,
        );
      }
      return;
    }
    // Another process is taking over right now.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    return;
  }
  try {
    if ((await probe(socketPath)) === "dead") unlinkSync(socketPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EACCES" || code === "EPERM") {
      throw new Error(
        `The lead store's lock ${socketPath} was left by a process that has ended, but this user may not remove it: remove it as its owner, then start again.`,
      );
    }
    if (code !== "ENOENT") throw error;
  } finally {
    rmdirSync(mutex);
  }
}

/**
 * A takeover's mutex no process is using: a takeover makes an empty directory and removes
 * it within a probe's time, so anything else there, or a time far from now, was left by a
 * process cut off mid-takeover (or put there by hand).
 */
function leftOver(mutex: string): boolean {
  try {
    const entry = lstatSync(mutex);
    if (!entry.isDirectory() || readdirSync(mutex).length > 0) return true;
    return Math.abs(Date.now() - entry.mtimeMs) > TAKEOVER_STALE_MS;
  } catch {
    // Gone already: the next try takes it.
    return false;
  }
}

/**
 * Who is on the socket: its holder; null when a process listens but does not answer in
 * time (alive, busy: still held); "dead" when nothing listens (the file outlived its
 * process); "gone" when there is no file (just released). A socket this user may not
 * connect to (another user's) is judged by the note its maker left beside it.
 */
async function probe(socketPath: string): Promise<Holder | null | "dead" | "gone"> {
  try {
    return (await askHolder(socketPath, { method: "holder" })) as Holder;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED") return "dead";
    if (code === "ENOENT") return "gone";
    if (code === "EACCES" || code === "EPERM") return probeByNote(socketPath);
    return null;
  }
}

/** What the holder of a socket writes beside it, for users who may not connect to it. */
type HolderNote = { holder: Holder; pid: number; host: string; socket: string };

const notePath = (socketPath: string) => `${socketPath}.holder`;

/** The socket file itself, which a later holder's file never is even at the same path. */
function socketIdentity(socketPath: string): string {
  const { dev, ino } = statSync(socketPath, { bigint: true });
  return `${dev}:${ino}`;
}

function writeHolderNote(socketPath: string, holder: Holder): void {
  const note: HolderNote = {
    holder,
    pid: process.pid,
    host: hostname(),
    socket: socketIdentity(socketPath),
  };
  const temporary = `${notePath(socketPath)}.${process.pid}`;
  writeFileSync(temporary, `${JSON.stringify(note)}\n`, { mode: 0o644 });
  chmodSync(temporary, 0o644);
  renameSync(temporary, notePath(socketPath));
}

/**
 * "dead" when the note was written for this socket file, on this host (a pid names a
 * process only where it was written), by a process that no longer exists; its holder when
 * that process runs; null when there is no note for it (a holder that has not written it
 * yet, or one from before notes): still held.
 */
function probeByNote(socketPath: string): Holder | null | "dead" {
  let note: HolderNote;
  try {
    note = JSON.parse(readFileSync(notePath(socketPath), "utf8")) as HolderNote;
    if (note.socket !== socketIdentity(socketPath) || note.host !== hostname()) return null;
  } catch {
    return null;
  }
  if (!Number.isInteger(note.pid) || note.pid <= 0) return null;
  try {
    // Signal 0 only asks whether the process exists; EPERM: it does, as another user.
    process.kill(note.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return "dead";
  }
  return note.holder ?? null;
}

function heldStore(server: net.Server, socketPath: string, holder: Holder): HeldStore {
  let handler: ControlHandler | null = null;
  server.on("connection", (socket) => {
    socket.setEncoding("utf8");
    let text = "";
    socket.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      if (end < 0) return;
      void answer(text.slice(0, end)).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on("error", () => socket.destroy());
  });

  async function answer(line: string): Promise<{ result?: unknown; error?: string }> {
    let request: ControlRequest;
    try {
      request = JSON.parse(line) as ControlRequest;
    } catch {
      return { error: "The request is not JSON." };
    }
    if (request.method === "holder") return { result: holder };
    if (!handler) return { error: "The store is still opening; try again in a moment." };
    try {
      return { result: await handler(request) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    socketPath,
    serve(next) {
      handler = next;
    },
    release() {
      // While this process still holds the socket, so no later holder's note is removed.
      try {
        rmSync(notePath(socketPath), { force: true });
      } catch {
        // A note left behind names a process that has ended: the next holder replaces it.
      }
      return new Promise((resolve) => {
        // Closing the listener removes the socket file; open connections finish their answer.
        server.close(() => resolve());
      });
    },
  };
}

/**
 * Sends one request to the process holding the store and returns its result; rejects with
 * ENOENT/ECONNREFUSED when nobody holds it, or with the holder's error message.
 */
export function askHolder(socketPath: string, request: ControlRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`The process holding ${socketPath} did not answer.`));
    }, CONNECT_TIMEOUT_MS);
    socket.setEncoding("utf8");
    let text = "";
    socket.on("connect", () => {
      clearTimeout(timer);
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("end", () => {
      try {
        const reply = JSON.parse(text) as { result?: unknown; error?: string };
        if (reply.error !== undefined) reject(new Error(reply.error));
        else resolve(reply.result);
      } catch {
        reject(new Error(`The process holding ${socketPath} sent an answer that is not JSON.`));
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
