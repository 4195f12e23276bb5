import { relative } from 'node:path';
import ts from 'typescript';

/*
 * A Vite plugin for the request walks (apps/server/src/walks): it makes every function of the
 * server's source say its name when it is entered, so a walk can list the stops a request makes.
 * Tests and their support files are left as they are.
 */

function nameOf(node, source) {
  const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return `(anonymous:${line})`;
}

export function walkTrace({ srcDir }) {
  return {
    name: 'kartu-walk-trace',
    enforce: 'post',
    transform(code, id) {
      const path = id.split('?')[0];
      if (!path.startsWith(srcDir) || /\.(test|walk|test-support)\.ts$/.test(path) || path.includes('/src/test/') || !path.endsWith('.ts')) return null;
      const file = relative(srcDir, path);
      const source = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
      const inserts = [];
      const visit = (node) => {
        const isFunction = ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node);
        if (isFunction && node.body) {
          const call = `globalThis.__walk?.(${JSON.stringify(`${file}#${nameOf(node, source)}`)})`;
          if (ts.isBlock(node.body)) inserts.push({ at: node.body.getStart() + 1, text: `${call};` });
          else {
            inserts.push({ at: node.body.getStart(), text: `(${call}, ` });
            inserts.push({ at: node.body.getEnd(), text: ')' });
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      let out = code;
      for (const { at, text } of inserts.sort((a, b) => b.at - a.at)) out = out.slice(0, at) + text + out.slice(at);
      return { code: out, map: null };
    },
  };
}
