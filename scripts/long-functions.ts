/**
 * Lists the functions under a directory (default `src`) longer than a line limit (default 80, the
 * house rule's hard limit), longest first: file, first line, length in lines (first to last line
 * of the function's text, comments inside included), name.
 *
 *   npx tsx scripts/long-functions.ts [dir] [limit]
 *
 * Counts function declarations, methods, constructors, accessors, function expressions and arrow
 * functions (anonymous ones named after the variable or property they are assigned to).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const dir = process.argv[2] ?? 'src';
const limit = Number(process.argv[3] ?? 80);

/** Every .ts file under `root`, declaration files left out. */
function tsFiles(root: string): string[] {
  return readdirSync(root, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** The name a function goes by: its own, or that of the variable or property holding it. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name) return node.name.getText();
  const p = node.parent;
  if ((ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name) return p.name.getText();
  return '(anonymous)';
}

interface Long {
  file: string;
  line: number;
  lines: number;
  name: string;
}

function longFunctions(file: string): Long[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: Long[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > limit) out.push({ file, line: first + 1, lines, name: nameOf(node as ts.FunctionLikeDeclaration) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const found = tsFiles(dir).flatMap(longFunctions).sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
console.log(`${found.length} function(s) over ${limit} lines under ${dir}`);
