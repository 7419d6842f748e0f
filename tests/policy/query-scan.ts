/**
 * Collects every query the app (src/) and the functions (functions/src/) build, with the
 * TypeScript compiler: every object literal typed as the port's `QuerySpec` is read (collection,
 * filters, order), and every value handed where a `QuerySpec` is expected must be such a
 * literal, a constant holding one, or a parameter passing one through (whose callers are checked
 * the same way). Field names, operators and collections may be literals or unions of literals
 * (`by.field: 'creator' | 'team'` gives one query per member). Anything else is reported as a
 * query the scan cannot account for, and so is a Firestore SDK query built outside the two
 * adapters, which bypasses the port.
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import type { WhereOp } from '@sim/core/port/data-port';
import type { QueryShape } from './composite-indexes';

export interface ScanResult {
  readonly queries: readonly QueryShape[];
  /** Places that build or pass a query the scan cannot read, with the reason. */
  readonly unaccounted: readonly string[];
  /** How many QuerySpec literals were read (a query with unions counts once). */
  readonly literals: number;
}

const SCANNED = ['src', join('functions', 'src')];
/** The adapters turn a QuerySpec into SDK calls; nobody else may call the SDKs' query API. */
const ADAPTERS = [
  join('src', 'lib', 'data', 'firestore-adapter.ts'),
  join('functions', 'src', 'data', 'admin-adapter.ts'),
];
const SDK_PACKAGES = [
  `${sep}@firebase${sep}firestore${sep}`,
  `${sep}@google-cloud${sep}firestore${sep}`,
];
const SDK_QUERY_FUNCTIONS = new Set(['where', 'orderBy', 'collectionGroup', 'query']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      out.push(path);
  }
  return out;
}

/** Scans `dirs` (relative to the repository root; src/ and functions/src/ by default). */
export function scanQueries(root: string, dirs: readonly string[] = SCANNED): ScanResult {
  const configPath = join(root, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const rootNames = dirs.flatMap((d) => sourceFiles(join(root, d)));
  const program = ts.createProgram({ rootNames, options: { ...parsed.options, noEmit: true } });
  const checker = program.getTypeChecker();

  const portFile = program.getSourceFile(join(root, 'core', 'src', 'port', 'data-port.ts'));
  const specDecl = portFile?.statements.find(
    (s): s is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(s) && s.name.text === 'QuerySpec',
  );
  const specSymbol = specDecl && checker.getSymbolAtLocation(specDecl.name);
  if (!specSymbol) throw new Error('QuerySpec not found in core/src/port/data-port.ts');

  const isSpecType = (type: ts.Type | undefined): boolean => {
    if (!type) return false;
    if (type.isUnion()) return type.types.some(isSpecType);
    return type.getSymbol() === specSymbol || type.aliasSymbol === specSymbol;
  };

  const queries: QueryShape[] = [];
  const unaccounted: string[] = [];
  const read = new Set<ts.Node>();
  let literals = 0;

  const where = (node: ts.Node): string => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${relative(root, file.fileName)}:${line + 1}`;
  };

  /** The string values an expression may have, from its type; undefined when not literal. */
  const literalStrings = (expr: ts.Expression): string[] | undefined => {
    if (ts.isStringLiteralLike(expr)) return [expr.text];
    const type = checker.getTypeAtLocation(expr);
    const members = type.isUnion() ? type.types : [type];
    const values = members.map((t) => (t.isStringLiteral() ? t.value : undefined));
    return values.every((v): v is string => v !== undefined) ? values : undefined;
  };

  /** The collection ids a path expression may end with. */
  const collectionIds = (expr: ts.Expression): string[] | undefined => {
    const last = (path: string): string | undefined => {
      const id = path.slice(path.lastIndexOf('/') + 1);
      return id.length > 0 ? id : undefined;
    };
    if (ts.isTemplateExpression(expr)) {
      const tail = expr.templateSpans[expr.templateSpans.length - 1]?.literal.text ?? '';
      const id = tail.includes('/') ? last(tail) : undefined;
      return id === undefined ? undefined : [id];
    }
    const values = literalStrings(expr);
    if (!values) return undefined;
    const ids = values.map(last);
    return ids.every((id): id is string => id !== undefined) ? ids : undefined;
  };

  const propertyValue = (p: ts.ObjectLiteralElementLike): ts.Expression | undefined => {
    if (ts.isPropertyAssignment(p)) return p.initializer;
    if (ts.isShorthandPropertyAssignment(p)) return p.name;
    return undefined;
  };

  const propertyName = (p: ts.ObjectLiteralElementLike): string | undefined =>
    p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : undefined;

  /** The array literal an expression stands for (directly, or through a constant). */
  const arrayLiteral = (expr: ts.Expression): ts.ArrayLiteralExpression | undefined => {
    if (ts.isArrayLiteralExpression(expr)) return expr;
    if (ts.isIdentifier(expr)) {
      const decl = checker.getSymbolAtLocation(expr)?.valueDeclaration;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer)
        return arrayLiteral(decl.initializer);
    }
    return undefined;
  };

  /** Reads one `{ field, op }` / `{ field, direction }` entry into its possible variants. */
  const entryVariants = (
    element: ts.Expression,
    keys: readonly string[],
    defaults: Record<string, string>,
  ): Record<string, string>[] | string => {
    if (!ts.isObjectLiteralExpression(element)) return 'an entry that is not an object literal';
    const choices: Record<string, string[]> = {};
    for (const p of element.properties) {
      const name = propertyName(p);
      const value = propertyValue(p);
      if (ts.isSpreadAssignment(p)) return 'a spread inside an entry';
      if (name === undefined || value === undefined || !keys.includes(name)) continue;
      const values = literalStrings(value);
      if (!values) return `'${name}' is not a literal or a union of literals`;
      choices[name] = values;
    }
    let variants: Record<string, string>[] = [{}];
    for (const key of keys) {
      const values = choices[key] ?? (defaults[key] !== undefined ? [defaults[key]] : undefined);
      if (!values) return `no '${key}'`;
      variants = variants.flatMap((v) => values.map((x) => ({ ...v, [key]: x })));
    }
    return variants;
  };

  /** Reads a list of entries (`where` or `orderBy`): every combination of its variants. */
  const listVariants = (
    expr: ts.Expression | undefined,
    keys: readonly string[],
    defaults: Record<string, string>,
  ): Record<string, string>[][] | string => {
    if (expr === undefined) return [[]];
    const array = arrayLiteral(expr);
    if (!array) return 'a list that is not an array literal';
    let out: Record<string, string>[][] = [[]];
    for (const element of array.elements) {
      if (ts.isSpreadElement(element)) return 'a spread inside the list';
      const variants = entryVariants(element, keys, defaults);
      if (typeof variants === 'string') return variants;
      out = out.flatMap((list) => variants.map((v) => [...list, v]));
    }
    return out;
  };

  const SPEC_KEYS = new Set(['collection', 'where', 'orderBy']);

  /** Reads a QuerySpec object literal into the queries it may stand for. */
  const readSpec = (obj: ts.ObjectLiteralExpression): void => {
    if (read.has(obj)) return;
    read.add(obj);
    literals += 1;
    const at = where(obj);
    const props = new Map<string, ts.Expression>();
    for (const p of obj.properties) {
      if (ts.isSpreadAssignment(p)) {
        const spread = checker.getTypeAtLocation(p.expression);
        const parts = spread.isUnion() ? spread.types : [spread];
        const hides = parts.some((t) => t.getProperties().some((s) => SPEC_KEYS.has(s.name)));
        if (hides) unaccounted.push(`${at}: a spread that may set collection, where or orderBy`);
        continue;
      }
      const name = propertyName(p);
      const value = propertyValue(p);
      if (name !== undefined && value !== undefined) props.set(name, value);
    }
    const wheres = listVariants(props.get('where'), ['field', 'op'], {});
    const orders = listVariants(props.get('orderBy'), ['field', 'direction'], { direction: 'asc' });
    if (typeof wheres === 'string' || typeof orders === 'string') {
      unaccounted.push(`${at}: ${typeof wheres === 'string' ? wheres : String(orders)}`);
      return;
    }
    const collection = props.get('collection');
    const ids = collection === undefined ? undefined : collectionIds(collection);
    // A query whose collection cannot be read is fine while no variant needs an index; the test
    // checks that (collectionGroup '?').
    for (const id of ids ?? ['?']) {
      for (const w of wheres) {
        for (const o of orders) {
          queries.push({
            collectionGroup: id,
            where: w.map((x) => ({ field: x['field'] ?? '', op: x['op'] as WhereOp })),
            orderBy: o.map((x) => ({
              field: x['field'] ?? '',
              direction: x['direction'] === 'desc' ? 'desc' : 'asc',
            })),
            source: at,
          });
        }
      }
    }
  };

  /** A value handed where a QuerySpec is expected must be readable or passed through. */
  const account = (expr: ts.Expression): void => {
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr))
      return account(expr.expression);
    if (ts.isConditionalExpression(expr)) {
      account(expr.whenTrue);
      account(expr.whenFalse);
      return;
    }
    if (ts.isObjectLiteralExpression(expr)) return readSpec(expr);
    if (ts.isIdentifier(expr)) {
      const decl = checker.getSymbolAtLocation(expr)?.valueDeclaration;
      // A parameter passes its callers' queries through; they are checked at their call.
      if (decl && ts.isParameter(decl)) return;
      if (decl && ts.isVariableDeclaration(decl) && decl.initializer)
        return account(decl.initializer);
    }
    unaccounted.push(`${where(expr)}: a query built in a way the scan cannot read`);
  };

  const isAdapter = (file: ts.SourceFile): boolean =>
    ADAPTERS.some((a) => file.fileName === join(root, a));

  /** `...(after ? { startAfter: after } : {})`: part of the spec around it, read there. */
  const spreadIntoSpec = (node: ts.Node): boolean => {
    let at = node.parent;
    while (
      ts.isParenthesizedExpression(at) ||
      ts.isConditionalExpression(at) ||
      ts.isBinaryExpression(at)
    )
      at = at.parent;
    return ts.isSpreadAssignment(at);
  };

  const visit = (node: ts.Node): void => {
    if (
      ts.isObjectLiteralExpression(node) &&
      !spreadIntoSpec(node) &&
      isSpecType(checker.getContextualType(node))
    ) {
      readSpec(node);
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      for (const arg of node.arguments ?? []) {
        if (isSpecType(checker.getContextualType(arg))) account(arg);
      }
      const decl = checker.getResolvedSignature(node)?.declaration;
      const declFile = decl?.getSourceFile().fileName ?? '';
      const name =
        decl && 'name' in decl && decl.name && ts.isIdentifier(decl.name) ? decl.name.text : '';
      if (
        SDK_PACKAGES.some((p) => declFile.includes(p)) &&
        SDK_QUERY_FUNCTIONS.has(name) &&
        !isAdapter(node.getSourceFile())
      ) {
        unaccounted.push(`${where(node)}: a Firestore SDK query outside the port adapters`);
      }
    }
    ts.forEachChild(node, visit);
  };

  for (const file of program.getSourceFiles()) {
    const rel = relative(root, file.fileName);
    if (!dirs.some((d) => rel.startsWith(d + sep)) || /\.test\.tsx?$/.test(rel)) continue;
    visit(file);
  }
  return { queries, unaccounted, literals };
}
