#!/usr/bin/env node
'use strict';
// Committed launcher: npm links a workspace bin only when its file exists at install time, and
// dist/ is built later. This file always exists; it runs the compiled CLI.
let cli;
try {
  cli = require('../dist/cli.js');
} catch (error) {
  if (error && error.code === 'MODULE_NOT_FOUND') {
    process.stderr.write('sprout-schema: @sprout-ai/schema is not built yet; run `npm run build` first.\n');
    process.exit(1);
  }
  throw error;
}
process.exitCode = cli.main(process.argv.slice(2));
