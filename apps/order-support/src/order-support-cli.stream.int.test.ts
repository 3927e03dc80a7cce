import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ToolSchemaRegistry } from '@sprout-ai/core';
import { parseCliArgs } from './cli-args';
import { EXIT_OK, runOrderSupportCli } from './order-support-cli';

const APP_DIR = join(__dirname, '..');

describe(runOrderSupportCli, () => {
  beforeAll(() => {
    const manifest = join(APP_DIR, 'dist', 'tool-schemas.json');
    if (!existsSync(manifest)) throw new Error(`${manifest} is missing: run \`npm run build\` first (npm test does).`);
  });

  describe('when --stream is given', () => {
    it('should parse it as a flag', () => {
      expect(parseCliArgs(['--stream', 'q']).stream).toBe(true);
      expect(parseCliArgs(['-s', 'q']).stream).toBe(true);
      expect(parseCliArgs(['q']).stream).toBeUndefined();
    });

    it('should print the trace line as the tool runs, then the answer in several pieces as it arrives', async () => {
      const log: { stream: 'stdout' | 'stderr'; text: string }[] = [];
      const code = await runOrderSupportCli(['--stream', '--user', 'u7', '订单 A123 发货了吗？'], {
        appDir: APP_DIR,
        env: {},
        stdout: { write: (text: string) => log.push({ stream: 'stdout', text }) },
        stderr: { write: (text: string) => log.push({ stream: 'stderr', text }) },
        schemaRegistry: new ToolSchemaRegistry(),
      });

      expect(code).toBe(EXIT_OK);
      const answerPieces = log.filter((entry) => entry.stream === 'stdout');
      expect(answerPieces.length).toBeGreaterThan(2);
      expect(answerPieces.map((entry) => entry.text).join('')).toContain('运输中');
      const trace = log.findIndex((entry) =>
        /^tool=getOrderStatus args=\{"orderId":"A123"\} code=OK \d+ms\n$/.test(entry.text),
      );
      expect(trace).toBeGreaterThanOrEqual(0);
      expect(trace).toBeLessThan(log.findIndex((entry) => entry.stream === 'stdout' && entry.text.includes('运输中')));
    });
  });
});
