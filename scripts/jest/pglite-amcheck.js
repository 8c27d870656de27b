/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS that Jest loads as it is: see node-require.js. */
module.exports = require("./node-require.js")("@electric-sql/pglite/contrib/amcheck");
