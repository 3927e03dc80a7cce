import { Tool } from '../annotation/tool';
import { ToolParam } from '../annotation/tool-param';
import { findToolMethods, forEachToolClass, NO_PARAM_OPTIONS } from './find-tool-methods';

class ParentTools {
  @Tool()
  shared(): string {
    return 'parent';
  }

  @Tool()
  shadowedByAccessor(): string {
    return 'parent';
  }

  @Tool()
  parentOnly(): string {
    return 'parent';
  }
}

class ChildTools extends ParentTools {
  @Tool({ description: 'child' })
  override shared(): string {
    return 'child';
  }

  @Tool()
  own(@ToolParam({ description: 'The id.' }) id: string): string {
    return id;
  }
}
// An accessor nearer the object than the @Tool method hides it (it is not a method of the object).
Object.defineProperty(ChildTools.prototype, 'shadowedByAccessor', { get: () => 'accessor' });

class FlatTools {
  @Tool()
  first(): string {
    return '1';
  }

  @Tool()
  second(): string {
    return '2';
  }

  @Tool()
  third(): string {
    return '3';
  }
}

const visited = (toolObject: object) => {
  const classes: { name: string; methods: string[] }[] = [];
  const count = forEachToolClass(toolObject, (declaringClass, methods) => {
    classes.push({ name: declaringClass.name, methods: methods.map((m) => m.methodName) });
  });
  return { classes, count };
};

describe(forEachToolClass, () => {
  it('should visit each declaring class once, nearest first, with its visible methods in order', () => {
    expect(visited(new ChildTools())).toEqual({
      classes: [
        { name: 'ChildTools', methods: ['shared', 'own'] },
        { name: 'ParentTools', methods: ['parentOnly'] },
      ],
      count: 3,
    });
  });

  it("should pass the class's @ToolParam options by method name", () => {
    const params: unknown[] = [];
    forEachToolClass(new ChildTools(), (_declaringClass, _methods, byMethod) => params.push(byMethod));
    expect(params).toEqual([{ own: { 0: { description: 'The id.' } } }, undefined]);
  });

  it('should skip a method the instance shadows with a value that is not a function', () => {
    const tools = Object.assign(new FlatTools(), { second: 'not callable' });
    expect(visited(tools)).toEqual({ classes: [{ name: 'FlatTools', methods: ['first', 'third'] }], count: 2 });
  });

  it('should not visit a class whose @Tool methods are all hidden', () => {
    class OverridesAll extends FlatTools {
      @Tool()
      override first(): string {
        return 'a';
      }
      @Tool()
      override second(): string {
        return 'b';
      }
      @Tool()
      override third(): string {
        return 'c';
      }
    }
    expect(visited(new OverridesAll())).toEqual({
      classes: [{ name: 'OverridesAll', methods: ['first', 'second', 'third'] }],
      count: 3,
    });
  });
});

describe(findToolMethods, () => {
  it('should return the visited methods with their declaring class and @ToolParam options', () => {
    const found = findToolMethods(new ChildTools());
    expect(found.map((m) => [m.declaringClass.name, m.options.methodName, m.options.description])).toEqual([
      ['ChildTools', 'shared', 'child'],
      ['ChildTools', 'own', undefined],
      ['ParentTools', 'parentOnly', undefined],
    ]);
    expect(found[1].paramOptions).toEqual({ 0: { description: 'The id.' } });
    expect(found[0].paramOptions).toBe(NO_PARAM_OPTIONS);
    expect(found[2].paramOptions).toBe(NO_PARAM_OPTIONS);
  });
});
