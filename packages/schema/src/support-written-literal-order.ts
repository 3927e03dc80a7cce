import ts from 'typescript';
import type { JsonSchemaGenerator } from 'typescript-json-schema';
import { type Definition, withTypeDefinitionHook, withUnionDefinitionHook } from './generator-internals';

/** A value of a literal type as typescript-json-schema writes it into an `enum`. */
type Literal = string | number | boolean;

/** A type parameter's argument: the type node written at the use site, read in the use site's scope. */
interface Argument {
  readonly node: ts.TypeNode;
  readonly scope: Scope;
}
type Scope = ReadonlyMap<ts.Symbol, Argument>;

const NO_SCOPE: Scope = new Map();

/**
 * Teaches a typescript-json-schema generator to keep literal unions in the order they are written:
 * `size: 'S' | 'M' | 'L'` becomes `{"type":"string","enum":["S","M","L"]}`, not the sorted
 * `["L","M","S"]`; likewise `3 | 1 | 2`, `'b' | 'a' | null` and an enum in a union (`Color | null`,
 * members in declaration order). The checker cannot give that order (a union's `types` are ordered
 * by type id, i.e. by when each literal was first met anywhere in the program), so it is read from the
 * syntax: a union with an alias from the alias's declaration, any other from the declaration being
 * generated (the tool method's parameter, the property), its type arguments and the aliases it names.
 * A union whose values no such declaration lists keeps the generator's (sorted) order.
 *
 * @param generator - the generator to patch (its `getTypeDefinition` and `getUnionDefinition` are wrapped)
 * @param checker - the type checker of the generator's program
 */
export function supportWrittenLiteralOrder(generator: JsonSchemaGenerator, checker: ts.TypeChecker): void {
  const written = new WrittenOrder(checker);
  /** Type nodes of the declarations being generated, outermost first. */
  const contexts: ts.TypeNode[] = [];

  const typeTarget = withTypeDefinitionHook(generator);
  const getTypeDefinition = typeTarget.getTypeDefinition.bind(generator);
  typeTarget.getTypeDefinition = (...args) => {
    const prop = args[3];
    const context = prop === undefined ? undefined : declaredTypeNode(prop, checker);
    if (context === undefined) return getTypeDefinition(...args);
    contexts.push(context);
    try {
      return getTypeDefinition(...args);
    } finally {
      contexts.pop();
    }
  };

  const unionTarget = withUnionDefinitionHook(generator);
  const getUnionDefinition = unionTarget.getUnionDefinition.bind(generator);
  unionTarget.getUnionDefinition = (unionType, unionModifier, definition) => {
    const result = getUnionDefinition(unionType, unionModifier, definition);
    const values = unionType.types.map(literalValue).filter((value) => value !== undefined);
    if (values.length < 2) return result;
    const order = written.find(values, unionType.aliasSymbol, contexts);
    if (order !== undefined) reorderEnum(result, values, order);
    return result;
  };
}

/** Puts the union's `enum` (at the top or in an `anyOf`/`oneOf` branch) into the written order. */
function reorderEnum(definition: Definition, values: readonly Literal[], order: readonly Literal[]): void {
  const sorted = (list: unknown[]): unknown[] =>
    [...list].sort((a, b) => order.indexOf(a as Literal) - order.indexOf(b as Literal));
  if (isEnumOf(definition, values)) {
    definition.enum = sorted(definition.enum as unknown[]);
    return;
  }
  for (const keyword of ['anyOf', 'oneOf']) {
    const branches = definition[keyword];
    if (!Array.isArray(branches)) continue;
    const branch = branches.find((item: unknown) => isEnumOf(item, values)) as Definition | undefined;
    if (branch !== undefined) {
      branch.enum = sorted(branch.enum as unknown[]);
      return;
    }
  }
}

function isEnumOf(node: unknown, values: readonly Literal[]): boolean {
  if (typeof node !== 'object' || node === null) return false;
  const list = (node as Definition).enum;
  return (
    Array.isArray(list) && list.length === values.length && list.every((value) => values.includes(value as Literal))
  );
}

/**
 * The type node a property, parameter or alias was declared with; for a property typed
 * `Parameters<Class["method"]>[i]` (the generated arguments module) the method parameter's.
 */
function declaredTypeNode(symbol: ts.Symbol, checker: ts.TypeChecker): ts.TypeNode | undefined {
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  const node = declaration === undefined ? undefined : (declaration as { type?: ts.Node }).type;
  if (node === undefined || !ts.isTypeNode(node)) return undefined;
  return parameterTypeNode(node, checker) ?? node;
}

/** For `Parameters<F>[i]`, the type node of the `i`th parameter of F's (last) call signature. */
function parameterTypeNode(node: ts.TypeNode, checker: ts.TypeChecker): ts.TypeNode | undefined {
  if (!ts.isIndexedAccessTypeNode(node)) return undefined;
  const { objectType, indexType } = node;
  if (
    !ts.isTypeReferenceNode(objectType) ||
    !ts.isIdentifier(objectType.typeName) ||
    objectType.typeName.text !== 'Parameters' ||
    objectType.typeArguments?.length !== 1 ||
    !ts.isLiteralTypeNode(indexType) ||
    !ts.isNumericLiteral(indexType.literal)
  ) {
    return undefined;
  }
  const signatures = checker.getTypeFromTypeNode(objectType.typeArguments[0]).getCallSignatures();
  const declaration = signatures[signatures.length - 1]?.getDeclaration();
  if (declaration === undefined) return undefined;
  const parameters = declaration.parameters.filter(
    (parameter) => !(ts.isIdentifier(parameter.name) && parameter.name.text === 'this'),
  );
  return parameters[Number(indexType.literal.text)]?.type;
}

/**
 * The value typescript-json-schema's `extractLiteralValue` gives a union member, or undefined when
 * the member is not a literal (`null`, objects, …).
 */
function literalValue(type: ts.Type): Literal | undefined {
  if (type.flags & ts.TypeFlags.StringLiteral) return (type as ts.StringLiteralType).value;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return (type as { intrinsicName?: string }).intrinsicName === 'true';
  if (type.flags & ts.TypeFlags.EnumLiteral) {
    const value = (type as ts.StringLiteralType | ts.NumberLiteralType).value;
    const number = parseFloat(String(value));
    return isNaN(number) ? String(value) : number;
  }
  if (type.flags & ts.TypeFlags.NumberLiteral) return (type as ts.NumberLiteralType).value;
  return undefined;
}

/** Reads the order in which literal values are written in type declarations. */
class WrittenOrder {
  /** Literal lists of each context node's union-like type nodes, outermost first. */
  private readonly candidates = new Map<ts.TypeNode, Literal[][]>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /**
   * The written order of a union's literal values: from its alias's declaration when that lists them
   * all, else from the innermost context that has a union-like type node listing them (one listing
   * exactly them preferred, e.g. `Size` over `Size | 'XL'`).
   */
  find(
    values: readonly Literal[],
    alias: ts.Symbol | undefined,
    contexts: readonly ts.TypeNode[],
  ): Literal[] | undefined {
    const declaration = alias?.declarations?.find(ts.isTypeAliasDeclaration);
    if (alias !== undefined && declaration !== undefined) {
      const order = this.expand(declaration.type, NO_SCOPE, new Set([alias]));
      if (covers(order, values)) return order;
    }
    for (let i = contexts.length - 1; i >= 0; i--) {
      const lists = this.candidatesOf(contexts[i]);
      const found =
        lists.find((list) => list.length === values.length && covers(list, values)) ??
        lists.find((list) => covers(list, values));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  private candidatesOf(context: ts.TypeNode): Literal[][] {
    let lists = this.candidates.get(context);
    if (lists === undefined) {
      lists = [];
      this.collect(context, NO_SCOPE, new Set(), lists);
      this.candidates.set(context, lists);
    }
    return lists;
  }

  /** Adds the literal lists of `node` and the type nodes below it (and in the aliases they name), in pre-order. */
  private collect(node: ts.Node, scope: Scope, seen: ReadonlySet<ts.Symbol>, out: Literal[][]): void {
    if (
      ts.isUnionTypeNode(node) ||
      ts.isTypeReferenceNode(node) ||
      ts.isTypeOperatorNode(node) ||
      ts.isIndexedAccessTypeNode(node)
    ) {
      const list = this.expand(node, scope, seen);
      if (list.length > 1) out.push(list);
    }
    if (ts.isTypeReferenceNode(node)) {
      const alias = this.aliasOf(node, scope, seen);
      if (alias !== undefined) this.collect(alias.declaration.type, alias.scope, alias.seen, out);
    }
    ts.forEachChild(node, (child) => this.collect(child, scope, seen, out));
  }

  /** The literal values a type node lists, in written order, without repeats. */
  private expand(node: ts.TypeNode, scope: Scope, seen: ReadonlySet<ts.Symbol>): Literal[] {
    return [...new Set(this.expandAll(node, scope, seen))];
  }

  private expandAll(node: ts.TypeNode, scope: Scope, seen: ReadonlySet<ts.Symbol>): Literal[] {
    if (ts.isUnionTypeNode(node)) return node.types.flatMap((member) => this.expandAll(member, scope, seen));
    if (ts.isParenthesizedTypeNode(node)) return this.expandAll(node.type, scope, seen);
    if (node.kind === ts.SyntaxKind.BooleanKeyword) return [false, true];
    if (ts.isLiteralTypeNode(node)) {
      const value = literalValue(this.checker.getTypeFromTypeNode(node));
      return value === undefined ? [] : [value];
    }
    if (ts.isTypeOperatorNode(node)) {
      if (node.operator !== ts.SyntaxKind.KeyOfKeyword) return [];
      // `keyof T`: T's property names in declaration order.
      return this.checker
        .getPropertiesOfType(this.checker.getTypeFromTypeNode(node.type))
        .map((property) => property.name);
    }
    if (ts.isIndexedAccessTypeNode(node)) {
      // `T['key']`: what the property was declared with.
      if (!ts.isLiteralTypeNode(node.indexType) || !ts.isStringLiteral(node.indexType.literal)) return [];
      const property = this.checker.getPropertyOfType(
        this.checker.getTypeFromTypeNode(node.objectType),
        node.indexType.literal.text,
      );
      const declared = property === undefined ? undefined : declaredTypeNode(property, this.checker);
      return declared === undefined ? [] : this.expandAll(declared, NO_SCOPE, seen);
    }
    if (ts.isTypeReferenceNode(node)) return this.expandReference(node, scope, seen);
    return [];
  }

  private expandReference(node: ts.TypeReferenceNode, scope: Scope, seen: ReadonlySet<ts.Symbol>): Literal[] {
    const symbol = this.symbolOf(node);
    if (symbol === undefined) return [];
    if (symbol.flags & ts.SymbolFlags.TypeParameter) {
      const argument = scope.get(symbol);
      return argument === undefined ? [] : this.expandAll(argument.node, argument.scope, seen);
    }
    const alias = this.aliasOf(node, scope, seen);
    if (alias !== undefined) return this.expandAll(alias.declaration.type, alias.scope, alias.seen);
    if (symbol.flags & ts.SymbolFlags.Enum) {
      // An enum in a union (`Color | null`): its members in declaration order.
      return (symbol.declarations ?? [])
        .filter(ts.isEnumDeclaration)
        .flatMap((declaration) => declaration.members.map((member) => this.checker.getTypeAtLocation(member)))
        .map(literalValue)
        .filter((value) => value !== undefined);
    }
    if (symbol.flags & ts.SymbolFlags.EnumMember) {
      const value = literalValue(this.checker.getTypeFromTypeNode(node));
      return value === undefined ? [] : [value];
    }
    // Another generic type (`Exclude<Size, 'M'>`, `Array<'a' | 'b'>`): what its arguments list.
    return (node.typeArguments ?? []).flatMap((argument) => this.expandAll(argument, scope, seen));
  }

  /** The alias a reference names, with the scope of its type parameters; undefined for other types and cycles. */
  private aliasOf(
    node: ts.TypeReferenceNode,
    scope: Scope,
    seen: ReadonlySet<ts.Symbol>,
  ): { declaration: ts.TypeAliasDeclaration; scope: Scope; seen: ReadonlySet<ts.Symbol> } | undefined {
    const symbol = this.symbolOf(node);
    if (symbol === undefined || !(symbol.flags & ts.SymbolFlags.TypeAlias) || seen.has(symbol)) return undefined;
    const declaration = symbol.declarations?.find(ts.isTypeAliasDeclaration);
    if (declaration === undefined) return undefined;
    const inner = new Map<ts.Symbol, Argument>();
    declaration.typeParameters?.forEach((parameter, i) => {
      const parameterSymbol = this.checker.getSymbolAtLocation(parameter.name);
      const argument = node.typeArguments?.[i];
      if (parameterSymbol === undefined) return;
      if (argument !== undefined) inner.set(parameterSymbol, { node: argument, scope });
      else if (parameter.default !== undefined) inner.set(parameterSymbol, { node: parameter.default, scope: inner });
    });
    return { declaration, scope: inner, seen: new Set([...seen, symbol]) };
  }

  private symbolOf(node: ts.TypeReferenceNode): ts.Symbol | undefined {
    const symbol = this.checker.getSymbolAtLocation(node.typeName);
    return symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }
}

function covers(order: readonly Literal[], values: readonly Literal[]): boolean {
  return values.every((value) => order.includes(value));
}
