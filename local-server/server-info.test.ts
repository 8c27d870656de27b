import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import {
  leadsDataDir,
  readServerInfo,
  removeServerInfo,
  serverInfoPath,
  writeServerInfo,
} from "./server-info.ts";

describe("server info", () => {
  const root = mkdtempSync(path.join(tmpdir(), "server-info-"));
  const dataDir = path.join(root, "leads");
  const me = { pid: process.pid, url: "http://127.0.0.1:4321" };
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("lives beside the leads directory", () => {
    expect(serverInfoPath(dataDir)).toBe(path.join(root, "server.json"));
  });

  it("is written, read back while the process lives, and removed", () => {
    writeServerInfo(me, dataDir);
    expect(JSON.parse(readFileSync(serverInfoPath(dataDir), "utf8"))).toEqual(me);
    expect(readServerInfo(dataDir)).toEqual(me);

    removeServerInfo(dataDir);
    expect(readServerInfo(dataDir)).toBeNull();
  });

  it("is ignored when its process is gone or the file is broken", () => {
    // Above the kernel's pid limit, so never a live process.
    writeServerInfo({ pid: 2 ** 30, url: me.url }, dataDir);
    expect(readServerInfo(dataDir)).toBeNull();

    writeFileSync(serverInfoPath(dataDir), "{ half-written");
    expect(readServerInfo(dataDir)).toBeNull();
  });

  it("is not removed by a process that did not write it", () => {
    writeServerInfo({ pid: process.ppid, url: me.url }, dataDir);
    removeServerInfo(dataDir);
    expect(readServerInfo(dataDir)).toEqual({ pid: process.ppid, url: me.url });
  });

  it("defaults to .data/leads, or LEADS_DATA_DIR", () => {
    const saved = process.env.LEADS_DATA_DIR;
    delete process.env.LEADS_DATA_DIR;
    expect(leadsDataDir()).toBe(path.resolve(".data", "leads"));
    process.env.LEADS_DATA_DIR = dataDir;
    expect(leadsDataDir()).toBe(dataDir);
    if (saved === undefined) delete process.env.LEADS_DATA_DIR;
    else process.env.LEADS_DATA_DIR = saved;
  });
});
