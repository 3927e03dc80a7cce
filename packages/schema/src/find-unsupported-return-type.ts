import ts from 'typescript';
import { findUnresolvedWrittenType } from './unresolved-written-type';

/** Why a tool method's return type cannot be the tool's result, and what to return instead. */
export interface UnsupportedReturnType {
  /** The offending type as TypeScript prints it (or as written, when it did not resolve). */
  readonly typeText: string;
  readonly why: string;
}

const FUNCTION_WHY =
  'a function, which has no JSON form; return the data the function would compute (or a Promise of it)';
const CONSTRUCTOR_WHY = 'a class constructor, which has no JSON form; return the data the tool computes';
const OBSERVABLE_WHY =
  'an Observable; the model reads one result per call, so return a Promise of the value ' +
  '(rxjs: lastValueFrom(source)) or of an array of the values (lastValueFrom(source.pipe(toArray())))';
const STREAM_WHY =
  'a stream; the model reads one result per call, so collect it and return the value, or an array ' +
  'of its items (for await (const item of stream) items.push(item)), from an async method';
const ITERATOR_WHY = 'an iterator, which has no JSON form; return an array of its items instead (e.g. [...items()])';

/** Written type names that mean one of these kinds when the checker cannot resolve them (no `@types/node`, no rxjs types). */
const WRITTEN_NAMES: Readonly<Record<string, string>> = {
  Function: FUNCTION_WHY,
  Observable: OBSERVABLE_WHY,
  Subscribable: OBSERVABLE_WHY,
  Subject: OBSERVABLE_WHY,
  BehaviorSubject: OBSERVABLE_WHY,
  ReplaySubject: OBSERVABLE_WHY,
  AsyncSubject: OBSERVABLE_WHY,
  AsyncIterable: STREAM_WHY,
  AsyncIterableIterator: STREAM_WHY,
  AsyncIterator: STREAM_WHY,
  AsyncGenerator: STREAM_WHY,
  ReadableStream: STREAM_WHY,
  Readable: STREAM_WHY,
  Stream: STREAM_WHY,
  Duplex: STREAM_WHY,
  Transform: STREAM_WHY,
  PassThrough: STREAM_WHY,
  Iterator: ITERATOR_WHY,
  IterableIterator: ITERATOR_WHY,
  Generator: ITERATOR_WHY,
};
const WRITTEN_KIND_NAMES: ReadonlySet<string> = new Set(Object.keys(WRITTEN_NAMES));

/**
 * Looks at what a `@Tool` method returns (after `await`, each union member): a function, a class
 * constructor, an Observable-like value (a `subscribe` method), a stream (`AsyncIterable`,
 * an async generator, Node's `Readable`, a web `ReadableStream`) or an iterator/generator cannot be
 * a tool result, which the model reads once, as JSON text. Types the checker could not resolve are
 * recognised by the name written in the return type annotation.
 *
 * @param method - the `@Tool` method
 * @param checker - the program's type checker
 * @returns the first such type, or `undefined` when the result has a JSON form (or is `void`, `any`, `unknown`)
 * @remarks Spring AI skips a `@Tool` method returning `Function`, `Supplier` or `Consumer` with a
 * warning; Sprout fails the build instead, so a tool never disappears from the model's list unnoticed.
 */
export function findUnsupportedReturnType(
  method: ts.MethodDeclaration,
  checker: ts.TypeChecker,
): UnsupportedReturnType | undefined {
  const written = method.type === undefined ? undefined : unresolvedWrittenKind(method.type, checker);
  if (written !== undefined) return written;
  const signature = checker.getSignatureFromDeclaration(method);
  if (signature === undefined) return undefined;
  const returned = checker.getReturnTypeOfSignature(signature);
  const awaited = checker.getAwaitedType(returned) ?? returned;
  const members = awaited.isUnion() ? awaited.types : [awaited];
  for (const member of members) {
    const why = unsupportedKind(member, checker);
    if (why !== undefined) return { typeText: checker.typeToString(member), why };
  }
  return undefined;
}

function unsupportedKind(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  if (!(type.flags & ts.TypeFlags.Object) || checker.isArrayType(type) || checker.isTupleType(type)) return undefined;
  if (type.getCallSignatures().length > 0) return FUNCTION_WHY;
  if (type.getConstructSignatures().length > 0) return CONSTRUCTOR_WHY;
  const callable = (name: string): boolean => {
    const property = checker.getPropertyOfType(type, name);
    return property !== undefined && checker.getTypeOfSymbol(property).getCallSignatures().length > 0;
  };
  const names = checker.getPropertiesOfType(type).map((property) => String(property.escapedName));
  if (callable('subscribe')) return OBSERVABLE_WHY;
  if (names.some((name) => name.startsWith('__@asyncIterator@')) || callable('getReader') || callable('pipe')) {
    return STREAM_WHY;
  }
  if (callable('next') && names.some((name) => name.startsWith('__@iterator@'))) return ITERATOR_WHY;
  return undefined;
}

/**
 * A kind named in a written return type (`Observable<T>`, `Promise<Readable>`, `Readable | null`)
 * whose type the checker could not resolve (it is `any`), e.g. Node's `Readable` without `@types/node`.
 */
function unresolvedWrittenKind(node: ts.TypeNode, checker: ts.TypeChecker): UnsupportedReturnType | undefined {
  const found = findUnresolvedWrittenType(node, checker, WRITTEN_KIND_NAMES);
  return found === undefined ? undefined : { typeText: found.node.getText(), why: WRITTEN_NAMES[found.name] };
}
