import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { addTypeDeclarationFiles } from './type-declaration-files';

describe(addTypeDeclarationFiles, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'sprout-type-files-'));
    const files: Record<string, string> = {
      'base.ts': 'export class BaseRequest {\n  requestedBy!: string;\n}\n',
      'colors.ts': "export enum Color {\n  Red = 'red',\n  Blue = 'blue',\n}\n",
      'sizes.ts': "export type Size = 'S' | 'M' | 'L';\n",
      'address.ts': 'export interface Address {\n  city: string;\n}\n',
      'unrelated.ts': 'export interface Unused {\n  x: number;\n}\n',
      'request.ts': [
        "import { BaseRequest } from './base';",
        "import { Color } from './colors';",
        "import type { Size } from './sizes';",
        "import type { Address } from './address';",
        'export class PaintRequest extends BaseRequest {',
        '  color!: Color;',
        '  sizes!: Size[];',
        '  deliverTo!: Record<string, Address>;',
        '  when!: Date;',
        '}',
        '',
      ].join('\n'),
      'tools.ts':
        "import type { PaintRequest } from './request';\nexport function paint(request: PaintRequest): void {}\n",
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should add the files of every named part of the type, inherited properties included, and no others', () => {
    const program = ts.createProgram({ rootNames: [path.join(dir, 'tools.ts')], options: { strict: true } });
    const checker = program.getTypeChecker();
    const tools = program.getSourceFile(path.join(dir, 'tools.ts')) as ts.SourceFile;
    const paint = tools.statements.find(ts.isFunctionDeclaration) as ts.FunctionDeclaration;
    const files = new Set<string>();
    addTypeDeclarationFiles(checker.getTypeAtLocation(paint.parameters[0]), checker, files);

    const own = [...files].filter((file) => file.startsWith(dir)).map((file) => path.basename(file));
    expect(own.sort()).toEqual(['address.ts', 'base.ts', 'colors.ts', 'request.ts', 'sizes.ts']);
    // Library types (Date, Record) are reported too; the generator keeps only the project's files.
    expect([...files].some((file) => file.endsWith('.d.ts'))).toBe(true);
  });
});
