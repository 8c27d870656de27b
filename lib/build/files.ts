import { readdirSync } from "node:fs";
import path from "node:path";

/** Every file under `directory`, at any depth, whose name ends with `suffix`; sorted paths. */
export function filesUnder(directory: string, suffix = ""): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}
