import path from "node:path";

import {
  checkListMatchesFolder,
  isNotFoundCopy,
  leftoverPayloads,
  nextClientFiles,
  payloadFiles,
  unknownNextStaticFiles,
  type ExportedFile,
} from "./exported-files.ts";

const OUT = path.join(path.sep, "site", "out");

/** An entry of the adapter's outputs.staticFiles, as Next 16 lists an export's file. */
const file = (name: string): ExportedFile => ({
  pathname: name.replace(/\.html$/, ""),
  filePath: path.join(OUT, name),
});

/** A small export as Next 16.4 writes it: two pages, their payloads, the client build. */
const EXPORT = [
  "/index.html",
  "/index.txt",
  "/__next._full.txt",
  "/__next.__PAGE__.txt",
  "/404.html",
  "/_not-found.html",
  "/_not-found.txt",
  "/_not-found/__next._full.txt",
  "/blog.html",
  "/blog.txt",
  "/blog/__next._tree.txt",
  "/blog/first.html",
  "/blog/first.txt",
  "/blog/first/__next.blog.$d$slug.__PAGE__.txt",
  "/robots.txt",
  "/og/home.png",
  "/_next/static/chunks/a1.js",
  "/_next/static/chunks/turbopack-b2.js",
  "/_next/static/chunks/c3.css",
  "/_next/static/media/inter.woff2",
  "/_next/static/BUILD1/_buildManifest.js",
  "/_next/static/BUILD1/_ssgManifest.js",
].map(file);

const names = (files: readonly ExportedFile[]) => files.map((entry) => entry.pathname);

describe("checkListMatchesFolder", () => {
  it("accepts a list that names exactly the files in the folder", () => {
    const onDisk = EXPORT.map((entry) => entry.filePath).reverse();
    expect(() => checkListMatchesFolder(EXPORT, onDisk, OUT)).not.toThrow();
  });

  it("stops when Next lists less, or more, than it wrote", () => {
    const onDisk = [...EXPORT.map((entry) => entry.filePath), path.join(OUT, "extra.html")];
    expect(() => checkListMatchesFolder(EXPORT.slice(1), onDisk, OUT)).toThrow(
      /2 files it does not list \(index\.html, extra\.html\)/,
    );
    expect(() => checkListMatchesFolder(EXPORT, onDisk.slice(2), OUT)).toThrow(
      /2 listed files are not there \(index\.html, index\.txt\)/,
    );
  });
});

describe("which exported files are Next's", () => {
  it("finds Next's own copy of the not-found page", () => {
    expect(names(EXPORT.filter(isNotFoundCopy))).toEqual([
      "/_not-found",
      "/_not-found.txt",
      "/_not-found/__next._full.txt",
    ]);
  });

  it("finds the client chunks and the build id's manifests, not media or stylesheets", () => {
    expect(names(nextClientFiles(EXPORT, "BUILD1"))).toEqual([
      "/_next/static/chunks/a1.js",
      "/_next/static/chunks/turbopack-b2.js",
      "/_next/static/BUILD1/_buildManifest.js",
      "/_next/static/BUILD1/_ssgManifest.js",
    ]);
  });

  it("finds each page's payloads, and leaves the site's own .txt files", () => {
    const site = EXPORT.filter((entry) => !isNotFoundCopy(entry));
    const payloads = names(payloadFiles(site));
    expect(payloads.sort()).toEqual(
      [
        "/index.txt",
        "/__next._full.txt",
        "/__next.__PAGE__.txt",
        "/blog.txt",
        "/blog/__next._tree.txt",
        "/blog/first.txt",
        "/blog/first/__next.blog.$d$slug.__PAGE__.txt",
      ].sort(),
    );
    expect(payloads).not.toContain("/robots.txt");
    const rest = site.filter((entry) => !payloads.includes(entry.pathname));
    expect(leftoverPayloads(rest)).toEqual([]);
  });

  it("stops when a page has no payload of the expected name", () => {
    const renamed = EXPORT.filter((entry) => entry.pathname !== "/blog.txt");
    expect(() => payloadFiles(renamed)).toThrow(/beside \/blog: this Next names its payload/);
  });

  it("names what is left of Next's client build once the known files are gone", () => {
    const left = EXPORT.filter((entry) => !nextClientFiles(EXPORT, "BUILD1").includes(entry));
    expect(names(unknownNextStaticFiles(left))).toEqual(["/_next/static/chunks/c3.css"]);
    expect(names(leftoverPayloads(EXPORT))).toContain("/blog/__next._tree.txt");
  });
});
