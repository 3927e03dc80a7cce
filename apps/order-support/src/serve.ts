// Entry point of `npm run serve`: the order desk as a web service (see web/order-desk-server.ts).
import { resolve } from 'node:path';
import { startOrderDeskServer } from './web/order-desk-server';

const log = (line: string): void => {
  process.stderr.write(`sprout: ${line}\n`);
};

// Compiled to dist/serve.js, so the app directory (application.properties, web/, dist/tool-schemas.json) is one up.
startOrderDeskServer({ appDir: resolve(__dirname, '..'), log }).then(
  (server) => {
    const stop = (): void => {
      server.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
  (error: unknown) => {
    log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
