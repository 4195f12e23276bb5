#!/usr/bin/env node
/*
 * The import graph of the server and of the web app, as docs/architecture.md describes it:
 * which area imports which, the loops at area and at file level, and each area's fan-out.
 * Tests and their support files are left out: they may reach anywhere.
 *
 *   node tools/import-graph.mjs            the figures
 *   node tools/import-graph.mjs --edges    and every area-to-area import, with the files behind it
 */
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { kernelModules } from './eslint-module-boundaries.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const showEdges = process.argv.includes('--edges');

const isTest = (file) => /\.test\.tsx?$|\.test-support\.tsx?$|\/test\/|\/fuzz\//.test(file);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTest(path) ? [path] : [];
  });
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The area a file belongs to: a server module or top folder, a web feature or top folder. */
function areaOf(srcDir, file) {
  const parts = relative(srcDir, file).split('/');
  if ((parts[0] === 'modules' || parts[0] === 'features' || parts[0] === 'use-cases') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '(root)';
}

/** Strongly connected components of more than one node (Tarjan). */
function loops(nodes, next) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of next(node)) {
      if (!indices.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), indices.get(to)));
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!indices.has(node)) visit(node);
  return found;
}

function report(name, srcDir) {
  const files = sourceFiles(srcDir);
  const imports = new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter((target) => target && !isTest(target));
      return [file, [...new Set(targets)]];
    }),
  );
  const areaEdges = new Map();
  for (const [file, targets] of imports) {
    const from = areaOf(srcDir, file);
    for (const target of targets) {
      const to = areaOf(srcDir, target);
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      areaEdges.set(key, [...(areaEdges.get(key) ?? []), `${relative(srcDir, file)} -> ${relative(srcDir, target)}`]);
    }
  }
  const areas = [...new Set(files.map((file) => areaOf(srcDir, file)))].sort();
  const areaNext = (area) => [...areaEdges.keys()].filter((key) => key.startsWith(`${area} -> `)).map((key) => key.split(' -> ')[1]);
  const siblingPrefix = name === 'server' ? 'modules/' : 'features/';
  const siblingEdges = [...areaEdges.keys()].filter((key) => {
    const [from, to] = key.split(' -> ');
    return from.startsWith(siblingPrefix) && to.startsWith(siblingPrefix);
  });
  const fanOut = areas
    .map((area) => [area, areaNext(area).filter((to) => to.startsWith(siblingPrefix) || to.startsWith('use-cases/')).length])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
  // Loops among the modules (server modules and the integration API, web features): the composition
  // roots (app.ts, the schema index, jobs, seed, cli) and the HTTP edge import them by design.
  const isModule = (area) => area.startsWith(siblingPrefix) || area === 'integration' || area.startsWith('use-cases/');
  const areaLoops = loops(areas.filter(isModule), (area) => areaNext(area).filter(isModule));
  // The same without the imports of another module's tables (foreign keys and joins): the calls.
  const callEdges = new Set(
    [...areaEdges].filter(([, via]) => via.some((line) => !line.split(' -> ')[1].endsWith('.table.ts'))).map(([key]) => key),
  );
  const callLoops = loops(areas.filter(isModule), (area) => [...callEdges].filter((key) => key.startsWith(`${area} -> `)).map((key) => key.split(' -> ')[1]).filter(isModule));
  const fileLoops = loops(files, (file) => imports.get(file) ?? []);

  console.log(`\n${name} (${relative(root, srcDir)}): ${files.length} files, ${areas.length} areas`);
  console.log(`  area-to-area imports          ${areaEdges.size} (between ${siblingPrefix}*: ${siblingEdges.length})`);
  if (name === 'server') {
    // What a module calls of another module outside the kernel (tools/eslint-module-boundaries.js): none, by the lint rule.
    const outsideKernel = [...callEdges].filter((key) => {
      const [from, to] = key.split(' -> ');
      return from.startsWith('modules/') && to.startsWith('modules/') && !kernelModules.includes(to.slice('modules/'.length));
    });
    console.log(`  module pairs: tables only ${siblingEdges.filter((key) => !callEdges.has(key)).length}, calls into the kernel ${siblingEdges.filter((key) => callEdges.has(key)).length - outsideKernel.length}, calls outside it ${outsideKernel.length}`);
  }
  console.log(`  loops between modules         ${areaLoops.length}${areaLoops.map((loop) => `\n    ${loop.join(' <-> ')}`).join('')}`);
  console.log(`  loops in calls (tables aside) ${callLoops.length}${callLoops.map((loop) => `\n    ${loop.join(' <-> ')}`).join('')}`);
  console.log(`  loops between files           ${fileLoops.length}${fileLoops.map((loop) => `\n    ${loop.map((file) => relative(srcDir, file)).join(' <-> ')}`).join('')}`);
  console.log(`  largest fan-out to siblings   ${fanOut.slice(0, 6).map(([area, count]) => `${area} ${count}`).join(', ')}`);
  if (showEdges) for (const [key, via] of [...areaEdges].sort()) console.log(`  ${key}\n${via.map((line) => `      ${line}`).join('\n')}`);
  return { siblingEdges: siblingEdges.length, areaLoops: areaLoops.length, fileLoops: fileLoops.length };
}

report('server', join(root, 'apps/server/src'));
report('web', join(root, 'apps/web/src'));
