import ts from 'typescript';

type Keywords = Record<string, unknown>;

/** The JSON Schema keywords of a property's class-validator decorators. */
export interface ClassValidatorKeywords {
  /** For the property's own schema, e.g. `{"minimum":1}`. */
  readonly own: Keywords;
  /** For its array elements (decorators with `{ each: true }`). */
  readonly each: Keywords;
}

/**
 * class-validator decorators that have a JSON Schema equivalent, by decorator name: the function
 * gets the decorator's literal arguments and returns the keywords. Arguments that are not literals
 * (a constant, an expression) make the decorator count as unknown: it is still enforced at run
 * time, but the model does not see it.
 */
const DECORATORS: Readonly<Record<string, (args: readonly unknown[]) => Keywords | undefined>> = {
  Min: ([n]) => (typeof n === 'number' ? { minimum: n } : undefined),
  Max: ([n]) => (typeof n === 'number' ? { maximum: n } : undefined),
  IsPositive: () => ({ exclusiveMinimum: 0 }),
  IsNegative: () => ({ exclusiveMaximum: 0 }),
  IsInt: () => ({ type: 'integer' }),
  Length: ([min, max]) =>
    typeof min === 'number' ? { minLength: min, ...(typeof max === 'number' ? { maxLength: max } : {}) } : undefined,
  MinLength: ([n]) => (typeof n === 'number' ? { minLength: n } : undefined),
  MaxLength: ([n]) => (typeof n === 'number' ? { maxLength: n } : undefined),
  IsNotEmpty: () => ({ minLength: 1 }),
  IsEmail: () => ({ format: 'email' }),
  IsUUID: () => ({ format: 'uuid' }),
  IsUrl: () => ({ format: 'uri' }),
  IsDateString: () => ({ format: 'date-time' }),
  IsISO8601: () => ({ format: 'date-time' }),
  IsIn: ([values]) => (Array.isArray(values) && values.every((v) => v !== undefined) ? { enum: values } : undefined),
  Matches: ([pattern]) => (typeof pattern === 'string' ? { pattern } : undefined),
  ArrayMinSize: ([n]) => (typeof n === 'number' ? { minItems: n } : undefined),
  ArrayMaxSize: ([n]) => (typeof n === 'number' ? { maxItems: n } : undefined),
  ArrayNotEmpty: () => ({ minItems: 1 }),
  ArrayUnique: () => ({ uniqueItems: true }),
};

/** Decorators whose string/number keywords only fit a string (or only a number) schema. */
const STRING_ONLY = new Set([
  'Length',
  'MinLength',
  'MaxLength',
  'IsNotEmpty',
  'IsEmail',
  'IsUUID',
  'IsUrl',
  'Matches',
]);

/**
 * Reads the class-validator decorators of a class property from the source (at build time, no
 * code runs) and returns their JSON Schema keywords. Only decorators imported from
 * `class-validator` count (also when renamed on import).
 *
 * @param property - the property's symbol
 * @param checker - the program's type checker
 * @returns the keywords, or `undefined` when the property has no such decorator
 */
export function classValidatorKeywords(
  property: ts.Symbol,
  checker: ts.TypeChecker,
): ClassValidatorKeywords | undefined {
  const declaration = property.valueDeclaration ?? property.declarations?.[0];
  if (declaration === undefined || !ts.canHaveDecorators(declaration)) return undefined;
  const own: Keywords = {};
  const each: Keywords = {};
  let found = false;
  const isString =
    (checker.getNonNullableType(checker.getTypeAtLocation(declaration)).flags & ts.TypeFlags.StringLike) !== 0;
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const call = decorator.expression;
    if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) continue;
    const name = classValidatorImportName(call.expression, checker);
    const toKeywords = name === undefined ? undefined : DECORATORS[name];
    if (name === undefined || toKeywords === undefined) continue;
    const args = call.arguments.map(literalValue);
    const options = args.find(isValidationOptions);
    const keywords = toKeywords(args);
    if (keywords === undefined) continue;
    const forEach = options?.each === true;
    if (!forEach && STRING_ONLY.has(name) && !isString) continue;
    Object.assign(forEach ? each : own, keywords);
    found = true;
  }
  return found ? { own, each } : undefined;
}

/**
 * Whether a type is a class-validator DTO: a class with a property (its own or inherited) that has
 * a decorator imported from `class-validator` — the build-time view of what the runtime checks
 * with class-validator's metadata storage (`getTargetValidationMetadatas`). Such an argument is
 * converted with class-transformer and validated with class-validator at run time.
 *
 * @param type - any type
 * @param checker - the program's type checker
 * @returns the class's name when it is a DTO, else `undefined`
 */
export function classValidatorDtoName(type: ts.Type, checker: ts.TypeChecker): string | undefined {
  const symbol = type.getSymbol();
  if (symbol === undefined || !isClassInstanceType(type)) return undefined;
  const decorated = checker.getPropertiesOfType(type).some((property) => {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    return (
      declaration !== undefined &&
      ts.canHaveDecorators(declaration) &&
      (ts.getDecorators(declaration) ?? []).some(
        (d) => decoratorImportName(d, 'class-validator', checker) !== undefined,
      )
    );
  });
  return decorated ? symbol.getName() : undefined;
}

/** An instance type of a class (`Booking`, not `typeof Booking`): what a class-typed parameter or property holds. */
export function isClassInstanceType(type: ts.Type): boolean {
  const symbol = type.getSymbol();
  return (
    symbol !== undefined &&
    (symbol.flags & ts.SymbolFlags.Class) !== 0 &&
    (type.flags & ts.TypeFlags.Object) !== 0 &&
    type.getConstructSignatures().length === 0
  );
}

/**
 * The name a decorator call has in the given module (`@Min(1)` → `Min`, also when renamed on
 * import), or `undefined` when it is not a call of a function imported from there.
 *
 * @param decorator - a decorator
 * @param module - the module specifier, e.g. `class-validator` or `class-transformer`
 * @param checker - the program's type checker
 */
export function decoratorImportName(
  decorator: ts.Decorator,
  module: string,
  checker: ts.TypeChecker,
): string | undefined {
  const call = decorator.expression;
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression)) return undefined;
  return importName(call.expression, module, checker);
}

/** The name a decorator identifier has in `class-validator`, or `undefined` when it is not imported from there. */
function classValidatorImportName(identifier: ts.Identifier, checker: ts.TypeChecker): string | undefined {
  return importName(identifier, 'class-validator', checker);
}

function importName(identifier: ts.Identifier, moduleName: string, checker: ts.TypeChecker): string | undefined {
  const symbol = checker.getSymbolAtLocation(identifier);
  const specifier = symbol?.declarations?.find(ts.isImportSpecifier);
  if (specifier === undefined) return undefined;
  const module = specifier.parent.parent.parent.moduleSpecifier;
  if (!ts.isStringLiteral(module) || module.text !== moduleName) return undefined;
  return (specifier.propertyName ?? specifier.name).text;
}

/** The value of a literal expression (number, string, boolean, null, regex, array, object), else `undefined`. */
function literalValue(node: ts.Expression): unknown {
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  ) {
    return -Number(node.operand.text);
  }
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isRegularExpressionLiteral(node)) {
    const match = /^\/(.*)\/([a-z]*)$/s.exec(node.text);
    return match === null || match[2].replace(/[gy]/g, '') !== '' ? undefined : match[1];
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => literalValue(e));
  if (ts.isObjectLiteralExpression(node)) {
    const object: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (ts.isPropertyAssignment(property) && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))) {
        object[property.name.text] = literalValue(property.initializer);
      }
    }
    return { [OPTIONS]: true, ...object };
  }
  return undefined;
}

const OPTIONS = Symbol('validation options');

function isValidationOptions(value: unknown): value is { each?: unknown } {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[OPTIONS] === true;
}
