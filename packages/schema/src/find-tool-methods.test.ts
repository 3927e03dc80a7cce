import path from 'node:path';
import ts from 'typescript';
import { findToolMethods } from './find-tool-methods';
import { SchemaGenerationError } from './schema-generation-error';

const INVALID = path.join(__dirname, '__fixtures__', 'invalid');

describe(findToolMethods, () => {
  let program: ts.Program;
  beforeAll(() => {
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(INVALID, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    if (config === undefined) throw new Error('cannot read the invalid fixtures tsconfig');
    program = ts.createProgram(config.fileNames, { ...config.options, lib: ['lib.es2022.d.ts'] });
  }, 120_000);
  const find = (file: string) => () => findToolMethods(program, [path.join(INVALID, file)], INVALID);

  describe('when a parameter type has no JSON form', () => {
    it.each([
      [
        'callback-tools.ts',
        "callback-tools.ts: CallbackTools.watchOrder(onChange): parameter type '(status: string) => void' is a function;",
      ],
      [
        'promise-tools.ts',
        "promise-tools.ts: PromiseTools.track(orderId): parameter type 'Promise<string>' is a Promise;",
      ],
      [
        'map-tools.ts',
        "map-tools.ts: MapTools.updatePrices(update): property 'prices' of type 'Map<string, number>' is a Map, which has no JSON form;",
      ],
      [
        'set-tools.ts',
        "set-tools.ts: SetTools.tag(tags): parameter type 'Set<string>' is a Set, which has no JSON form; use an array instead",
      ],
      [
        'symbol-tools.ts',
        "symbol-tools.ts: SymbolTools.lookup(key): parameter type 'symbol' is a symbol, which has no JSON form;",
      ],
    ])('should reject %s naming the file, class, method, parameter and why', (file, message) => {
      expect(find(file)).toThrow(SchemaGenerationError);
      expect(find(file)).toThrow(message);
    });

    it('should record where it happened on the error', () => {
      let caught: unknown;
      try {
        find('map-tools.ts')();
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({
        sourceFile: 'map-tools.ts',
        className: 'MapTools',
        methodName: 'updatePrices',
        parameterName: 'update',
      });
    });
  });

  describe('when a tool class or parameter cannot be named in the manifest', () => {
    it('should reject a class that is not exported', () => {
      expect(find('unexported-tools.ts')).toThrow(
        'unexported-tools.ts: HiddenTools: the class has @Tool methods but is not exported; export it',
      );
    });

    it('should reject a destructured parameter', () => {
      expect(find('destructured-tools.ts')).toThrow(
        'destructured-tools.ts: DestructuredTools.find({ orderId }): a destructured parameter has no name for the model to use',
      );
    });
  });
});
