/**
 * Loads a package with Node's own require, outside Jest's module sandbox, which has no
 * dynamic import(): PGlite's WebAssembly loader needs one. jest.config.mjs maps each PGlite
 * entry point the code imports to a file here that loads it this way, so every suite gets the
 * same PGlite without a jest.mock of its own.
 */
// CommonJS, which Jest runs as it is: what a mapped file assigns to module.exports is the
// module the importing code gets.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require("node:module");

// The sandbox's node:module hands out a createRequire that stays in the sandbox (and its
// require.resolve would map the package back to these files): Module._load with a parent of
// Node's own kind resolves the package's CommonJS entry and loads it as Node does.
const parent = new Module(__filename);
parent.filename = __filename;
parent.paths = Module._nodeModulePaths(__dirname);

module.exports = (request) => Module._load(request, parent);
