import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { localSigningSecret } from "./signing-secret.ts";

const root = mkdtempSync(path.join(tmpdir(), "signing-secret-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("localSigningSecret", () => {
  it("makes a random secret once, beside the store's folder and this user's alone, and reads it back after", async () => {
    const dataDir = path.join(root, "leads");
    const secret = await localSigningSecret(dataDir);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readdirSync(root)).toEqual(["leads.signing-secret"]);
    expect(statSync(`${dataDir}.signing-secret`).mode & 0o777).toBe(0o600);
    await expect(localSigningSecret(dataDir)).resolves.toBe(secret);
    await expect(localSigningSecret(path.join(root, "other"))).resolves.not.toBe(secret);
  });
});
