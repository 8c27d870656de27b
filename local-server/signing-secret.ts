import { randomBytes } from "node:crypto";
import { open, readFile, rename } from "node:fs/promises";
import path from "node:path";

/**
 * The local server's secret for signing the 503's list of deliveries sent while the store
 * was down (when LEADS_SIGNING_SECRET is not set): random, made once and kept beside the
 * store's folder, readable by this user alone, so a list signed before a restart still holds
 * after it. Read and made by the process that holds the store (store-lock.ts), so by one at a
 * time; written whole or not at all.
 */
export async function localSigningSecret(dataDir: string): Promise<string> {
  const file = `${path.resolve(dataDir)}.signing-secret`;
  const existing = await readSecret(file);
  if (existing) return existing;
  const secret = randomBytes(32).toString("base64url");
  const partial = `${file}.partial-${randomBytes(6).toString("hex")}`;
  const handle = await open(partial, "wx", 0o600);
  try {
    await handle.writeFile(`${secret}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  return secret;
}

async function readSecret(file: string): Promise<string | null> {
  try {
    return (await readFile(file, "utf8")).trim() || null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}
