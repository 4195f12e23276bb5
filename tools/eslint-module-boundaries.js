import { dirname, relative, resolve } from 'node:path';

/*
 * The server's modules and the use cases above them (docs/architecture.md), as a lint rule:
 *
 * - a module may import the kernel, any module's tables (foreign keys and joins), and nothing else
 *   of another module;
 * - a kernel module imports only the kernel;
 * - no module imports a use case: use cases call modules, never the other way.
 */

export const kernelModules = [
  'tenancy',
  'auth',
  'programs',
  'card-access',
  'subscriptions',
  'geography',
  'ledger',
  'media',
  'storage',
  'idempotency',
  'attempts',
  'outbox',
  'jobs',
  'payments',
  'analytics',
  'webhooks',
  'inbox',
  'push',
  'features',
];

/** The area of a file under src: a module ('cards', the integration API as 'integration'), a use case, or null. */
function areaOf(srcRelative) {
  const parts = srcRelative.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return { kind: 'module', name: parts[1] };
  if (parts[0] === 'integration') return { kind: 'module', name: 'integration' };
  if (parts[0] === 'use-cases' && parts.length > 2) return { kind: 'use-case', name: parts[1] };
  return null;
}

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Modules call the kernel only; what crosses modules is a use case above them.' },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const { srcDir } = context.options[0] ?? {};
    const root = resolve(context.cwd, srcDir);
    const fromPath = relative(root, context.filename);
    const from = areaOf(fromPath);
    if (!from || from.kind !== 'module') return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const toPath = relative(root, resolve(dirname(context.filename), specifier));
      const to = areaOf(toPath);
      if (!to || (to.kind === 'module' && to.name === from.name)) return;
      if (to.kind === 'use-case') {
        context.report({ node, message: `A module never imports a use case: ${from.name} imports use-cases/${to.name}. Use cases call modules, not the other way.` });
        return;
      }
      if (kernelModules.includes(to.name) || toPath.endsWith('.table.ts')) return;
      if (kernelModules.includes(from.name)) {
        context.report({ node, message: `The kernel imports only the kernel: ${from.name} imports ${toPath}.` });
        return;
      }
      context.report({ node, message: `Modules do not call each other: ${from.name} imports ${toPath}. Put what crosses them in a use case (src/use-cases), or move what both need into the kernel.` });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
