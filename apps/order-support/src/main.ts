// Entry point of `npm start`: node apps/order-support/dist/main.js --user u7 "订单 A123 发货了吗？"
import { resolve } from 'node:path';
import { runOrderSupportCli } from './order-support-cli';

// Compiled to dist/main.js, so the app directory (application.properties, dist/tool-schemas.json) is one up.
runOrderSupportCli(process.argv.slice(2), { appDir: resolve(__dirname, '..') }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`sprout: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
