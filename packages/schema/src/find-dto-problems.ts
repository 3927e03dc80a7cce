import ts from 'typescript';
import { classValidatorDtoName, decoratorImportName, isClassInstanceType } from './class-validator-keywords';

/** What {@link findDtoProblems} needs to know about the project and the parameter. */
export interface DtoCheckContext {
  readonly checker: ts.TypeChecker;
  /**
   * The compiler options `design:paramtypes` needs that the project does not set, e.g.
   * `['emitDecoratorMetadata']`; empty when it emits decorator metadata.
   */
  readonly missingMetadataOptions: readonly string[];
  /** The tsconfig as messages name it, e.g. `tsconfig.json`. */
  readonly tsconfig: string;
  /** Problems of class properties already reported (for another parameter or method): they are reported once. */
  readonly reportedProperties: Set<string>;
}

/** Where a search for unconverted DTOs starts: a parameter or a property of a converted class. */
interface Top {
  /** E.g. `parameter type 'Booking[]'` or `property 'PartyRequest.guests' of type 'Record<string, Guest>'`. */
  readonly subject: string;
  readonly isParameter: boolean;
  /** The parameter name or `Class.property`. */
  readonly path: string;
}

/** Why a DTO sits where class-transformer cannot convert it: the outermost container on its way. */
type Container = 'array' | 'record' | 'union' | 'object';

/**
 * Finds the class-validator DTOs (see {@link classValidatorDtoName}) in a tool parameter that
 * would not be converted and validated at run time. The runtime converts an argument with
 * class-transformer to the class `design:paramtypes` (or `@ToolParam({ type })`) names and then
 * validates it with class-validator, so a DTO's rules run only when:
 * - the project emits decorator metadata (`experimentalDecorators` and `emitDecoratorMetadata`),
 *   unless `@ToolParam({ type })` names the class;
 * - the parameter's written type is the class itself (`x: Dto`, `x?: Dto`): for `Dto | null`, a
 *   type alias or a type-only import the metadata records `Object` or `Function` instead;
 * - the DTO is not inside an array, tuple, Record, union or plain object type of the parameter
 *   (the metadata records `Array` or `Object`, and the elements stay plain objects);
 * - every property of a converted class that holds a DTO (`x: Dto`, `x: Dto[]`, `x?: Dto | null`)
 *   has both `@ValidateNested()` and class-transformer's `@Type(() => Dto)`.
 *
 * @param parameter - the tool parameter; `undefined` for an augmentation argument type, which is
 *   converted by its class (only its properties are checked, as a converted class's are)
 * @param type - its type (the argument type's instance type)
 * @param namedByToolParam - whether `@ToolParam({ type })` names the parameter's class
 * @param context - the checker and the project's decorator-metadata options
 * @returns one reason per problem (without the location), e.g.
 *   `property 'PartyRequest.main' of type 'GuestDto' is a class-validator DTO without @ValidateNested() and @Type(() => GuestDto), …`
 */
export function findDtoProblems(
  parameter: ts.ParameterDeclaration | undefined,
  type: ts.Type,
  namedByToolParam: boolean,
  context: DtoCheckContext,
): string[] {
  const { checker } = context;
  const problems: string[] = [];
  /** Converted classes whose properties were checked. */
  const checked = new Set<ts.Type>();
  /** Types looked into for DTOs that cannot be converted. */
  const looked = new Set<ts.Type>();
  const typeText = (t: ts.Type): string => checker.typeToString(t);
  /** A problem of a class property is reported once per project, at the first parameter that reaches it. */
  const report = (reason: string): void => {
    if (reason.startsWith('property ')) {
      if (context.reportedProperties.has(reason)) return;
      context.reportedProperties.add(reason);
    }
    problems.push(reason);
  };
  const parameterName =
    parameter === undefined ? '' : ts.isIdentifier(parameter.name) ? parameter.name.text : parameter.name.getText();
  const parameterSubject = `parameter type '${typeText(type)}'`;

  /** The properties of a class instance class-transformer makes: each DTO in them needs both decorators. */
  const checkConverted = (cls: ts.Type): void => {
    if (checked.has(cls)) return;
    checked.add(cls);
    const className = cls.getSymbol()?.getName() ?? typeText(cls);
    for (const property of checker.getPropertiesOfType(cls)) {
      if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor)) continue;
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (declaration === undefined || isDefaultLibrary(declaration)) continue;
      const propertyType = checker.getTypeOfSymbol(property);
      const where = `${className}.${property.getName()}`;
      const subject = `property '${where}' of type '${typeText(propertyType)}'`;
      const decorators = ts.canHaveDecorators(declaration) ? (ts.getDecorators(declaration) ?? []) : [];
      const hasValidateNested = decorators.some(
        (d) => decoratorImportName(d, 'class-validator', checker) === 'ValidateNested',
      );
      const hasType = decorators.some((d) => decoratorImportName(d, 'class-transformer', checker) === 'Type');
      const { leaves, inArray } = elementTypes(propertyType, checker);
      const single = leaves.length === 1 && isClass(leaves[0]) ? leaves[0] : undefined;
      if (single === undefined) {
        for (const leaf of leaves) {
          const container: Container | undefined = leaves.length > 1 ? 'union' : undefined;
          lookForUnconverted(leaf, where, container, { subject, isParameter: false, path: where });
        }
        continue;
      }
      const dto = classValidatorDtoName(single, checker);
      if (dto === undefined) {
        // A class without rules: converted only with @Type; DTOs inside it need it either way.
        if (hasType) checkConverted(single);
        else lookForUnconverted(single, where, 'object', { subject, isParameter: false, path: where });
        continue;
      }
      const missing = [
        ...(hasValidateNested ? [] : [inArray ? '@ValidateNested({ each: true })' : '@ValidateNested()']),
        ...(hasType ? [] : [`@Type(() => ${dto})`]),
      ];
      if (missing.length > 0) {
        const it = inArray ? 'them' : 'it';
        const consequence = !hasType
          ? `class-transformer would leave ${inArray ? 'them plain objects' : 'it a plain object'}` +
            (hasValidateNested ? '' : ' and class-validator would not look inside')
          : `class-validator would not look inside ${it}`;
        report(
          `${subject} ${inArray ? `holds class-validator DTOs (${dto})` : 'is a class-validator DTO'} without ` +
            `${missing.join(' and ')}: ${consequence}, so ${inArray ? 'their' : 'its'} rules would never run; ` +
            `add ${missing.join(' and ')} to ${where}${hasType ? '' : ' (@Type from class-transformer)'}`,
        );
      }
      checkConverted(single);
    }
  };

  /**
   * Looks through a type that class-transformer does not convert (its values stay plain objects)
   * for DTOs, which then cannot be validated.
   */
  const lookForUnconverted = (current: ts.Type, path: string, container: Container | undefined, top: Top): void => {
    if (current.isUnion()) {
      const members = current.types.filter((m) => !(m.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      for (const member of members) {
        lookForUnconverted(member, path, container ?? (members.length > 1 ? 'union' : undefined), top);
      }
      return;
    }
    if (current.isIntersection()) {
      for (const member of current.types) lookForUnconverted(member, path, container ?? 'object', top);
      return;
    }
    if (!(current.flags & ts.TypeFlags.Object)) return;
    if (checker.isArrayType(current) || checker.isTupleType(current)) {
      if (looked.has(current)) return;
      looked.add(current);
      for (const element of checker.getTypeArguments(current as ts.TypeReference)) {
        lookForUnconverted(element, `${path}[]`, container ?? 'array', top);
      }
      looked.delete(current);
      return;
    }
    const dto = classValidatorDtoName(current, checker);
    if (dto !== undefined) {
      report(unconvertedMessage(top, dto, path, container ?? 'object'));
      checkConverted(current);
      return;
    }
    if (isBuiltIn(current)) return;
    if (current.getCallSignatures().length > 0 || current.getConstructSignatures().length > 0) return;
    if (looked.has(current)) return;
    looked.add(current);
    for (const property of checker.getPropertiesOfType(current)) {
      if (property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor)) continue;
      lookForUnconverted(
        checker.getTypeOfSymbol(property),
        `${path}.${property.getName()}`,
        container ?? 'object',
        top,
      );
    }
    for (const info of checker.getIndexInfosOfType(current)) {
      lookForUnconverted(info.type, `${path}[key]`, container ?? 'record', top);
    }
  };

  const unconvertedMessage = (top: Top, dto: string, path: string, container: Container): string => {
    const at = path.startsWith(top.path) && /^(\[\])*$/.test(path.slice(top.path.length)) ? '' : ` at '${path}'`;
    const held = {
      array: 'in an array',
      record: 'as a Record (index signature) value',
      union: 'in a union with other types',
      object: 'in a plain object type',
    }[container];
    const because = top.isParameter
      ? `design:paramtypes records only ${container === 'array' ? 'Array' : 'Object'} for it`
      : container === 'record'
        ? "class-transformer's @Type converts the whole object, not a Record's values"
        : container === 'union'
          ? "class-transformer's @Type names one class"
          : 'class-transformer converts only properties of converted classes that have @Type';
    const advice = {
      array: top.isParameter
        ? `wrap it in a DTO class, e.g. a property '${parameterName}!: ${parameterTypeText()}' with ` +
          `@ValidateNested({ each: true }) and @Type(() => ${dto})`
        : `give it its own DTO property with @ValidateNested({ each: true }) and @Type(() => ${dto})`,
      record:
        `use an array instead: a DTO class property typed ${dto}[] with @ValidateNested({ each: true }) ` +
        `and @Type(() => ${dto})`,
      union: `give the ${dto} a property of its own in a DTO class, with @ValidateNested() and @Type(() => ${dto})`,
      object: `make the type that holds it a DTO class and give that property @ValidateNested() and @Type(() => ${dto})`,
    }[container];
    return (
      `${top.subject} holds the class-validator DTO ${dto} ${held}${at}, where Sprout cannot convert it: ` +
      `${because}, so the method would receive plain objects and class-validator would never run; ${advice} ` +
      '(@Type from class-transformer)'
    );
  };

  const parameterTypeText = (): string =>
    parameter?.type === undefined ? typeText(type) : parameter.type.getText().replace(/\s+/g, ' ');

  // An augmentation argument type: converted by its class, so only its properties are checked.
  if (parameter === undefined) {
    checkConverted(type);
    return problems;
  }

  // The parameter itself.
  const nonNullable = checker.getNonNullableType(type);
  const rootClass = isClass(nonNullable) ? nonNullable : undefined;
  const rootDto = rootClass === undefined ? undefined : classValidatorDtoName(rootClass, checker);
  const recorded = namedByToolParam ? undefined : unrecordedClassReason(parameter, checker);
  const before = problems.length;
  if (rootClass !== undefined && rootDto !== undefined && recorded !== undefined) {
    problems.push(
      `${parameterSubject} is the class-validator DTO ${rootDto}, but design:paramtypes records ${recorded.records} ` +
        `${recorded.because}, so the method would receive a plain object and class-validator would never run; ` +
        recorded.fix(rootDto, parameterName),
    );
  }
  if (rootClass !== undefined && (rootDto !== undefined || recorded === undefined)) checkConverted(rootClass);
  else
    lookForUnconverted(type, parameterName, undefined, {
      subject: parameterSubject,
      isParameter: true,
      path: parameterName,
    });

  if (context.missingMetadataOptions.length > 0 && !namedByToolParam) {
    const dtos = dtoNames(type, checker);
    if (dtos.length > 0) {
      const options = context.missingMetadataOptions.map((o) => `"${o}": true`).join(' and ');
      const alternative =
        rootDto !== undefined && dtos.length === 1 ? ` (or name the class with @ToolParam({ type: ${rootDto} }))` : '';
      problems.splice(
        before,
        0,
        `${parameterSubject} ${rootDto !== undefined ? 'is' : 'contains'} the class-validator DTO ${dtos.join(', ')}, ` +
          `but ${context.tsconfig} does not set ${options}, so no design:paramtypes metadata names the class at run time: ` +
          'the method would receive a plain object and class-validator would never run; set "experimentalDecorators": true ' +
          `and "emitDecoratorMetadata": true in its compilerOptions${alternative}`,
      );
    }
  }
  return problems;
}

/**
 * Why `design:paramtypes` would not name the parameter's class (as TypeScript's decorator metadata
 * serializer writes it), or `undefined` when it names it (`x: Dto`, `x?: Dto`, `x = new Dto()` with
 * the annotation, `ns.Dto`).
 */
function unrecordedClassReason(
  parameter: ts.ParameterDeclaration,
  checker: ts.TypeChecker,
):
  | { readonly records: string; readonly because: string; readonly fix: (dto: string, name: string) => string }
  | undefined {
  const toolParam = (dto: string) => `@ToolParam({ type: ${dto} })`;
  let node = parameter.type;
  if (node === undefined) {
    return {
      records: 'Object',
      because: 'for a parameter without a type annotation',
      fix: (dto, name) => `annotate it ('${name}: ${dto}') or add ${toolParam(dto)}`,
    };
  }
  while (ts.isParenthesizedTypeNode(node)) node = node.type;
  if (ts.isTypeReferenceNode(node)) {
    let leftmost: ts.EntityName = node.typeName;
    while (ts.isQualifiedName(leftmost)) leftmost = leftmost.left;
    const importDeclaration = checker.getSymbolAtLocation(leftmost)?.declarations?.[0];
    if (importDeclaration !== undefined && ts.isTypeOnlyImportOrExportDeclaration(importDeclaration)) {
      return {
        records: 'Function',
        because: 'for a class imported with `import type`',
        fix: (dto) => `import ${dto} as a value (without \`type\`) or add ${toolParam(dto)}`,
      };
    }
    let symbol = checker.getSymbolAtLocation(node.typeName);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Class) return undefined;
    return {
      records: 'Object',
      because: 'for a type alias',
      fix: (dto) => `write the class name ${dto} as the parameter type or add ${toolParam(dto)}`,
    };
  }
  return {
    records: 'Object',
    because: ts.isUnionTypeNode(node) ? 'for a union' : `for '${node.getText()}'`,
    fix: (dto, name) =>
      `add ${toolParam(dto)} to the parameter (null stays allowed), or declare it optional ('${name}?: ${dto}')`,
  };
}

/** The element types a converted class's property holds: without `null`/`undefined`, through arrays and tuples. */
function elementTypes(type: ts.Type, checker: ts.TypeChecker): { leaves: ts.Type[]; inArray: boolean } {
  const leaves = new Set<ts.Type>();
  let inArray = false;
  const seen = new Set<ts.Type>();
  const visit = (current: ts.Type): void => {
    if (current.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return;
    if (seen.has(current)) return;
    seen.add(current);
    if (current.isUnion()) {
      for (const member of current.types) visit(member);
    } else if (checker.isArrayType(current) || checker.isTupleType(current)) {
      inArray = true;
      for (const element of checker.getTypeArguments(current as ts.TypeReference)) visit(element);
    } else {
      leaves.add(current);
    }
  };
  visit(type);
  // `boolean` is the union `true | false`: one leaf for the purpose here.
  return { leaves: [...leaves], inArray };
}

/** The names of the class-validator DTOs anywhere in a type, in the order found. */
function dtoNames(type: ts.Type, checker: ts.TypeChecker): string[] {
  const names = new Set<string>();
  const seen = new Set<ts.Type>();
  const visit = (current: ts.Type): void => {
    if (seen.has(current)) return;
    seen.add(current);
    if (current.isUnionOrIntersection()) {
      for (const member of current.types) visit(member);
      return;
    }
    if (!(current.flags & ts.TypeFlags.Object)) return;
    if (checker.isArrayType(current) || checker.isTupleType(current)) {
      for (const element of checker.getTypeArguments(current as ts.TypeReference)) visit(element);
      return;
    }
    const dto = classValidatorDtoName(current, checker);
    if (dto !== undefined) {
      names.add(dto);
      return;
    }
    if (isBuiltIn(current)) return;
    for (const property of checker.getPropertiesOfType(current)) {
      if (!(property.flags & (ts.SymbolFlags.Method | ts.SymbolFlags.Accessor)))
        visit(checker.getTypeOfSymbol(property));
    }
    for (const info of checker.getIndexInfosOfType(current)) visit(info.type);
  };
  visit(type);
  return [...names];
}

/** A class instance type (not a constructor, not a built-in). */
function isClass(type: ts.Type): boolean {
  return isClassInstanceType(type) && !(type.getSymbol()?.declarations ?? []).every(isDefaultLibrary);
}

/** A named interface or class of the standard library (`Date`, `RegExp`, `Error` …): no DTOs inside. */
function isBuiltIn(type: ts.Type): boolean {
  const symbol = type.getSymbol();
  return (
    symbol !== undefined &&
    (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)) !== 0 &&
    (symbol.declarations ?? []).every(isDefaultLibrary)
  );
}

function isDefaultLibrary(declaration: ts.Node): boolean {
  return declaration.getSourceFile().hasNoDefaultLib;
}
