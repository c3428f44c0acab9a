/**
 * How much of the built-in engine is hand tables: over the TypeScript of a directory (tests left
 * out), the string literals inside array literals and inside strings split into words
 * ('a b c'.split(' ')), the regular expressions (literals and `new RegExp`) with their
 * alternations, and the lines those tables take. Knowledge in data files (JSON) is not counted:
 * that is where it belongs.
 *
 *   npx tsx scripts/count-hand-tables.ts [directory]   (default server/intelligence)
 *
 * Point it at an older checkout (git worktree) to compare two commits.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

interface Count {
  files: number;
  lines: number;
  strings: number;
  regexes: number;
  alternations: number;
  tableLines: Set<string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each line from `start` to `end` of `file` counts as a line of a table. */
function markLines(count: Count, file: ts.SourceFile, node: ts.Node): void {
  const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
  const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
  for (let line = first; line <= last; line++) count.tableLines.add(`${file.fileName}:${line}`);
}

const isString = (node: ts.Node) => ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
const alternationsIn = (pattern: string) => pattern.replace(/\\./g, '').split('|').length - 1;

function countFile(count: Count, fileName: string): void {
  const text = readFileSync(fileName, 'utf8');
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  count.files += 1;
  count.lines += text.split('\n').length;
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) {
      const strings = node.elements.filter(isString).length;
      // A table is an array of two strings or more (a pair of arguments is no table).
      if (strings >= 2) {
        count.strings += strings;
        markLines(count, file, node);
      }
    } else if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'split') {
      const target = node.expression.expression;
      const parts = ts.isParenthesizedExpression(target) ? target.expression : target;
      const literal = [parts, ...(ts.isBinaryExpression(parts) ? [parts.left, parts.right] : [])].filter(isString) as ts.StringLiteral[];
      const words = literal.reduce((n, s) => n + s.text.split(/\s+/).filter(Boolean).length, 0);
      if (words >= 3) {
        count.strings += words;
        markLines(count, file, node);
      }
    } else if (ts.isRegularExpressionLiteral(node)) {
      count.regexes += 1;
      count.alternations += alternationsIn(node.text.slice(1, node.text.lastIndexOf('/')));
      markLines(count, file, node);
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      count.regexes += 1;
      const source = node.arguments?.[0];
      if (source) count.alternations += alternationsIn(source.getText(file));
      markLines(count, file, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
}

const dir = path.resolve(process.argv[2] ?? 'server/intelligence');
const count: Count = { files: 0, lines: 0, strings: 0, regexes: 0, alternations: 0, tableLines: new Set() };
for (const file of sourceFiles(dir)) countFile(count, file);
console.log(`${path.relative(process.cwd(), dir) || '.'}: ${count.files} files, ${count.lines} lines`);
console.log(`  strings in word tables ${count.strings}, regular expressions ${count.regexes} (${count.alternations} alternations)`);
console.log(`  lines of hand tables ${count.tableLines.size} (${((100 * count.tableLines.size) / count.lines).toFixed(1)}% of the lines)`);
