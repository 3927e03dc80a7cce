// The compiled output of another package's decorator module (CommonJS, as tsc emits it).
/* global exports, require */
'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
exports.LibraryTool = void 0;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const core_1 = require('@sprout-ai/core');
const LibraryTool = (description) => (0, core_1.Tool)({ description });
exports.LibraryTool = LibraryTool;
