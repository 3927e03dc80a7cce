import ts from 'typescript';

/** The decorators that make a method a tool with a manifest entry. */
const TOOL_DECORATORS: ReadonlySet<string> = new Set(['Tool', 'McpTool']);

/** Name of the unique symbol that brands core's `ToolMethodDecorator` type. */
const TOOL_DECORATOR_BRAND = 'sproutToolDecoratorBrand';

/** How many functions deep a composed decorator is followed. */
const MAX_COMPOSITION_DEPTH = 8;

/**
 * True when a method decorator applies `Tool(...)` or `McpTool(...)`:
 * - it calls one of them (also imported under another name, or as `ns.Tool(...)`);
 * - its type is core's `ToolMethodDecorator`, which a decorator composed from `Tool(...)` keeps when
 *   TypeScript infers its type, also in another package's compiled `.d.ts`;
 * - or it names a function, method or constant whose body (followed through further functions, up
 *   to {@link MAX_COMPOSITION_DEPTH} deep) calls `Tool(...)`: `const ReadOnlyTool = (d: string) =>
 *   Tool({ description: d })`, also with a declared `MethodDecorator` return type, or
 *   `applyDecorators(Tool(...), Audited())`.
 *
 * @param decorator - a decorator of a method
 * @param checker - the program's type checker
 */
export function isToolDecorator(decorator: ts.Decorator, checker: ts.TypeChecker): boolean {
  return appliesTool(decorator.expression, checker, new Set(), 0);
}

/**
 * The name a decorator call's callee stands for: `Tool` for `Tool(...)`, `ns.Tool(...)` and
 * `T(...)` after `import { Tool as T }`; `undefined` when the decorator is not a call.
 */
export function decoratorCallName(expression: ts.Expression, checker: ts.TypeChecker): string | undefined {
  if (!ts.isCallExpression(expression)) return undefined;
  const callee = expression.expression;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (!ts.isIdentifier(callee)) return undefined;
  const symbol = checker.getSymbolAtLocation(callee);
  const specifier = symbol?.declarations?.find(ts.isImportSpecifier);
  return specifier === undefined ? callee.text : (specifier.propertyName ?? specifier.name).text;
}

function appliesTool(expression: ts.Expression, checker: ts.TypeChecker, seen: Set<ts.Node>, depth: number): boolean {
  const name = decoratorCallName(expression, checker);
  if (name !== undefined && TOOL_DECORATORS.has(name)) return true;
  if (hasToolDecoratorBrand(checker.getTypeAtLocation(expression), checker)) return true;
  if (depth >= MAX_COMPOSITION_DEPTH) return false;
  const named = ts.isCallExpression(expression) ? expression.expression : expression;
  for (const body of bodiesOf(named, checker)) {
    if (seen.has(body)) continue;
    seen.add(body);
    if (callsTool(body, checker, seen, depth + 1)) return true;
  }
  return false;
}

/** True when a call somewhere in `node` (not in a nested class) applies `Tool(...)`. */
function callsTool(node: ts.Node, checker: ts.TypeChecker, seen: Set<ts.Node>, depth: number): boolean {
  if (ts.isCallExpression(node) && appliesTool(node, checker, seen, depth)) return true;
  if (ts.isClassLike(node)) return false;
  return ts.forEachChild(node, (child) => callsTool(child, checker, seen, depth) || undefined) === true;
}

/** The bodies (or initializers) of the functions, methods and constants an expression names. */
function bodiesOf(expression: ts.Expression, checker: ts.TypeChecker): ts.Node[] {
  const at = ts.isPropertyAccessExpression(expression) ? expression.name : expression;
  if (!ts.isIdentifier(at)) return ts.isFunctionLike(at) ? [at] : [];
  let symbol = checker.getSymbolAtLocation(at);
  if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const bodies: ts.Node[] = [];
  for (const declaration of symbol?.declarations ?? []) {
    if (ts.isFunctionLike(declaration) && 'body' in declaration && declaration.body !== undefined) {
      bodies.push(declaration.body);
    } else if (
      (ts.isVariableDeclaration(declaration) ||
        ts.isPropertyDeclaration(declaration) ||
        ts.isPropertyAssignment(declaration)) &&
      declaration.initializer !== undefined
    ) {
      bodies.push(declaration.initializer);
    }
  }
  return bodies;
}

function hasToolDecoratorBrand(type: ts.Type, checker: ts.TypeChecker): boolean {
  const members = type.isIntersection() ? type.types : [type];
  return members.some((member) =>
    checker
      .getPropertiesOfType(member)
      .some((property) => String(property.escapedName).startsWith(`__@${TOOL_DECORATOR_BRAND}@`)),
  );
}
