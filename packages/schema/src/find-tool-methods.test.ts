import { errorOf } from '@sprout-ai/test';
import path from 'node:path';
import ts from 'typescript';
import { findToolMethods, scanToolMethods } from './find-tool-methods';
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

    it.each([
      [
        'Uint8Array',
        "BinaryTools.upload(data): parameter type 'Uint8Array<ArrayBufferLike>' is binary data (Uint8Array)",
      ],
      [
        'ArrayBuffer',
        "BinaryTools.upload(attachment): property 'content' of type 'ArrayBuffer' is binary data (ArrayBuffer)",
      ],
      [
        'Float32Array[]',
        "BinaryTools.upload(samples): element 'samples[]' of type 'Float32Array<ArrayBufferLike>' is binary data (Float32Array)",
      ],
      ['DataView', "BinaryTools.upload(view): parameter type 'DataView<ArrayBufferLike>' is binary data (DataView)"],
      [
        'Buffer (unresolved without @types/node)',
        "BinaryTools.store(file): parameter type 'Buffer' is binary data (Buffer)",
      ],
    ])('should reject a %s parameter or property, suggesting number[] or a base64 string', (_type, where) => {
      expect(find('binary-tools.ts')).toThrow(
        `binary-tools.ts: ${where}, which JSON cannot carry: the method would receive a plain array or object instead; ` +
          'declare number[] (one number per byte) or a base64-encoded string and convert it inside the tool',
      );
    });

    it('should record where it happened on the error', () => {
      expect(errorOf(find('map-tools.ts'), SchemaGenerationError)).toMatchObject({
        sourceFile: 'map-tools.ts',
        className: 'MapTools',
        methodName: 'updatePrices',
        parameterName: 'update',
      });
    });
  });

  describe('when a parameter holds a class-validator DTO that would not be converted at run time', () => {
    const problemsOf = (file: string): string[] =>
      errorOf(find(file), SchemaGenerationError).problems.map((problem) => problem.message);

    it('should reject DTOs in an array, a Record, a union with null or an interface, saying what to write instead', () => {
      expect(problemsOf('dto-collection-tools.ts')).toEqual([
        "dto-collection-tools.ts: DtoCollectionTools.bookAll(bookings): parameter type 'BookingRequest[]' holds the class-validator DTO BookingRequest in an array, " +
          'where Sprout cannot convert it: design:paramtypes records only Array for it, so the method would receive plain objects and class-validator would never run; ' +
          "wrap it in a DTO class, e.g. a property 'bookings!: BookingRequest[]' with @ValidateNested({ each: true }) and @Type(() => BookingRequest) (@Type from class-transformer)",
        "dto-collection-tools.ts: DtoCollectionTools.bookByName(byName): parameter type 'Record<string, BookingRequest>' holds the class-validator DTO BookingRequest " +
          "as a Record (index signature) value at 'byName[key]', where Sprout cannot convert it: design:paramtypes records only Object for it, so the method would " +
          'receive plain objects and class-validator would never run; use an array instead: a DTO class property typed BookingRequest[] with ' +
          '@ValidateNested({ each: true }) and @Type(() => BookingRequest) (@Type from class-transformer)',
        "dto-collection-tools.ts: DtoCollectionTools.rebook(replaces): parameter type 'BookingRequest | null' is the class-validator DTO BookingRequest, but " +
          'design:paramtypes records Object for a union, so the method would receive a plain object and class-validator would never run; ' +
          "add @ToolParam({ type: BookingRequest }) to the parameter (null stays allowed), or declare it optional ('replaces?: BookingRequest')",
        "dto-collection-tools.ts: DtoCollectionTools.bookFor(order): parameter type 'OrderWithBooking' holds the class-validator DTO BookingRequest in a plain object type " +
          "at 'order.booking', where Sprout cannot convert it: design:paramtypes records only Object for it, so the method would receive plain objects and " +
          'class-validator would never run; make the type that holds it a DTO class and give that property @ValidateNested() and @Type(() => BookingRequest) ' +
          '(@Type from class-transformer)',
      ]);
    });

    it('should reject a DTO class imported with import type (design:paramtypes records Function)', () => {
      expect(problemsOf('type-only-dto-tools.ts')).toEqual([
        "type-only-dto-tools.ts: TypeOnlyDtoTools.book(booking): parameter type 'BookingRequest' is the class-validator DTO BookingRequest, but design:paramtypes " +
          'records Function for a class imported with `import type`, so the method would receive a plain object and class-validator would never run; ' +
          'import BookingRequest as a value (without `type`) or add @ToolParam({ type: BookingRequest })',
      ]);
    });

    it('should name each DTO property without @ValidateNested() and @Type(() => X), once for the project', () => {
      expect(problemsOf('nested-dto-tools.ts')).toEqual([
        "nested-dto-tools.ts: NestedDtoTools.plan(party): property 'PartyRequest.main' of type 'BookingRequest' is a class-validator DTO without " +
          '@ValidateNested() and @Type(() => BookingRequest): class-transformer would leave it a plain object and class-validator would not look inside, ' +
          'so its rules would never run; add @ValidateNested() and @Type(() => BookingRequest) to PartyRequest.main (@Type from class-transformer)',
        "nested-dto-tools.ts: NestedDtoTools.plan(party): property 'PartyRequest.guests' of type 'GuestRequest[]' holds class-validator DTOs (GuestRequest) " +
          'without @Type(() => GuestRequest): class-transformer would leave them plain objects, so their rules would never run; ' +
          'add @Type(() => GuestRequest) to PartyRequest.guests (@Type from class-transformer)',
        "nested-dto-tools.ts: NestedDtoTools.plan(party): property 'PartyRequest.backup' of type 'BookingRequest | undefined' is a class-validator DTO " +
          'without @ValidateNested(): class-validator would not look inside it, so its rules would never run; add @ValidateNested() to PartyRequest.backup',
        "nested-dto-tools.ts: NestedDtoTools.plan(party): property 'PartyRequest.byName' of type 'Record<string, GuestRequest>' holds the class-validator DTO " +
          "GuestRequest as a Record (index signature) value at 'PartyRequest.byName[key]', where Sprout cannot convert it: class-transformer's @Type converts " +
          "the whole object, not a Record's values, so the method would receive plain objects and class-validator would never run; use an array instead: " +
          'a DTO class property typed GuestRequest[] with @ValidateNested({ each: true }) and @Type(() => GuestRequest) (@Type from class-transformer)',
      ]);
    });
  });

  describe('when a method returns a function, an Observable, a stream or an iterator', () => {
    const scan = () => scanToolMethods(program, [path.join(INVALID, 'return-type-tools.ts')], INVALID);
    const observable =
      'an Observable; the model reads one result per call, so return a Promise of the value ' +
      '(rxjs: lastValueFrom(source)) or of an array of the values (lastValueFrom(source.pipe(toArray())))';
    const stream =
      'a stream; the model reads one result per call, so collect it and return the value, or an array ' +
      'of its items (for await (const item of stream) items.push(item)), from an async method';
    const fn = 'a function, which has no JSON form; return the data the function would compute (or a Promise of it)';

    it('should fail the build for each, naming the method, the type and what to return instead', () => {
      expect(scan().problems.map((problem) => problem.message)).toEqual([
        `return-type-tools.ts: ReturnTypeTools.callback: return type '(status: string) => void' is ${fn}`,
        `return-type-tools.ts: ReturnTypeTools.later: return type '() => string' is ${fn}`,
        `return-type-tools.ts: ReturnTypeTools.watch: return type 'Observable<string>' is ${observable}`,
        `return-type-tools.ts: ReturnTypeTools.watchOrNot: return type 'Observable<string>' is ${observable}`,
        `return-type-tools.ts: ReturnTypeTools.feed: return type 'AsyncGenerator<string, any, any>' is ${stream}`,
        `return-type-tools.ts: ReturnTypeTools.lines: return type 'AsyncIterable<string>' is ${stream}`,
        "return-type-tools.ts: ReturnTypeTools.numbers: return type 'Generator<number, any, any>' is an iterator, " +
          'which has no JSON form; return an array of its items instead (e.g. [...items()])',
        `return-type-tools.ts: ReturnTypeTools.download: return type 'Readable' is ${stream}`,
        `return-type-tools.ts: ReturnTypeTools.downloadLater: return type 'Readable' is ${stream}`,
        `return-type-tools.ts: ReturnTypeTools.webStream: return type 'ReadableStream<string>' is ${stream}`,
      ]);
    });

    it('should accept results with a JSON form, also objects with fields named like stream methods', () => {
      expect(scan().methods.map((method) => `${method.className}.${method.methodName}`)).toEqual([
        'PlainReturnTools.list',
        'PlainReturnTools.later',
        'PlainReturnTools.prices',
        'PlainReturnTools.nothing',
        'PlainReturnTools.anything',
      ]);
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
