// The import graph of src/, read with TypeScript's own parser: which module imports which, and
// how (a value import that runs when the module runs, a type-only one that the build erases,
// or an `import()` that runs later). scripts/import-graph.test.ts holds the rules it must keep.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export type ImportKind = "value" | "type" | "dynamic";
export type ImportEdge = { from: string; to: string; kind: ImportKind };

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = [".ts", ".tsx", ".d.ts", "/index.ts", "/index.tsx"];

/** Every .ts and .tsx file under `dir`, as paths relative to `root` with forward slashes. */
export function sourceFiles(root: string, dir = "src"): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) files.push(...sourceFiles(root, relative));
    else if (SOURCE.test(entry.name)) files.push(relative);
  }
  return files;
}

/** The module a specifier names, as a path relative to the root; null for a package or a file outside src. */
function resolve(specifier: string, from: string, files: Set<string>): string | null {
  const bare = specifier.replace(/\?.*$/, "");
  let target: string;
  if (bare.startsWith("@/")) target = `src/${bare.slice(2)}`;
  else if (bare.startsWith(".")) target = path.posix.normalize(path.posix.join(path.posix.dirname(from), bare));
  else return null;
  if (files.has(target)) return target;
  for (const extension of EXTENSIONS) if (files.has(target + extension)) return target + extension;
  // `./x.js` naming `./x.ts`, as ESM-style TypeScript sometimes writes it.
  const withoutJs = target.replace(/\.js$/, "");
  if (withoutJs !== target) for (const extension of EXTENSIONS) if (files.has(withoutJs + extension)) return withoutJs + extension;
  return null;
}

/** An import or re-export declaration that names types only (`import type`, or every name marked `type`). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import "x"`: run for its effects
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    return Boolean(bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly));
  }
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return Boolean(clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((element) => element.isTypeOnly));
}

/**
 * The specifiers one file imports. `ts.preProcessFile` finds them all (static, re-exports,
 * `import()`, `typeof import()`); the parsed tree then says which are type-only or deferred.
 */
export function importsOf(file: string, text: string): { specifier: string; kind: ImportKind }[] {
  const found = ts.preProcessFile(text, true, true).importedFiles.map((reference) => reference.fileName);
  const kinds = new Map<string, ImportKind[]>();
  const note = (specifier: string, kind: ImportKind) => kinds.set(specifier, [...(kinds.get(specifier) ?? []), kind]);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      note(node.moduleSpecifier.text, isTypeOnly(node) ? "type" : "value");
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      note(node.moduleReference.expression.text, node.isTypeOnly ? "type" : "value");
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) note(argument.text, "dynamic");
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      note(node.argument.literal.text, "type");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // A specifier the scanner found but the walk did not classify is counted as a value import.
  return [...new Set(found)].flatMap((specifier) => (kinds.get(specifier) ?? ["value" as const]).map((kind) => ({ specifier, kind })));
}

/** Every import between two files of src/, and every import of a package (`to` is then the package's specifier). */
export function importGraph(root: string): { files: string[]; edges: ImportEdge[]; packages: ImportEdge[] } {
  const files = sourceFiles(root);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  const packages: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const { specifier, kind } of importsOf(file, text)) {
      const to = resolve(specifier, file, known);
      if (to && to !== file) edges.push({ from: file, to, kind });
      else if (!to && !specifier.startsWith(".") && !specifier.startsWith("@/")) packages.push({ from: file, to: specifier, kind });
    }
  }
  return { files, edges, packages };
}

/** The files `start` runs when it runs: itself and everything it reaches by value imports. */
export function loadedWith(start: string, edges: ImportEdge[]): Set<string> {
  const next = new Map<string, string[]>();
  for (const edge of edges) if (edge.kind === "value") next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  const seen = new Set([start]);
  const work = [start];
  while (work.length > 0) for (const to of next.get(work.pop()!) ?? []) if (!seen.has(to)) (seen.add(to), work.push(to));
  return seen;
}

/** The strongly connected components with more than one file (Tarjan): each holds at least one cycle. */
export function tangles(files: string[], edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { file: string; children: string[]; at: number }[] = [];
    const open = (file: string) => {
      index.set(file, counter);
      low.set(file, counter);
      counter += 1;
      stack.push(file);
      onStack.add(file);
      work.push({ file, children: next.get(file) ?? [], at: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.children.length) {
        const child = frame.children[frame.at]!;
        frame.at += 1;
        if (!index.has(child)) open(child);
        else if (onStack.has(child)) low.set(frame.file, Math.min(low.get(frame.file)!, index.get(child)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The elementary cycles of a graph (each once, from its smallest file), up to `limit` of them. */
export function cycles(edges: ImportEdge[], limit = 1000): string[][] {
  const next = new Map<string, Set<string>>();
  for (const edge of edges) {
    if (!next.has(edge.from)) next.set(edge.from, new Set());
    next.get(edge.from)!.add(edge.to);
  }
  const found: string[][] = [];
  const nodes = [...next.keys()].sort();
  for (const start of nodes) {
    // Only cycles whose smallest file is `start`: each cycle is found once.
    const walk = (file: string, trail: string[], seen: Set<string>): void => {
      for (const to of [...(next.get(file) ?? [])].sort()) {
        if (found.length >= limit) return;
        if (to === start) found.push([...trail]);
        else if (to > start && !seen.has(to)) {
          seen.add(to);
          walk(to, [...trail, to], seen);
          seen.delete(to);
        }
      }
    };
    walk(start, [start], new Set([start]));
    if (found.length >= limit) break;
  }
  return found;
}
