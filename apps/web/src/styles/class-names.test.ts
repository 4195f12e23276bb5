import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every class the app's markup names is styled: a style sheet that loses a block of rules (the
 * receipt's, the promo code's) leaves pages unstyled without anything failing, and this is what
 * fails then. A block's own class may stand without rules of its own when its parts have them
 * (`order-page` beside `.order-page__links`): it names the block. A class built from a prefix
 * (`order-status--${status}`) needs some rule under that prefix.
 */

const source = join(import.meta.dirname, '..');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
const files = filesUnder(source);

function definedClasses(): Set<string> {
  const css = files
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, ''))
    .join('\n');
  return new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1] ?? ''));
}

/** The classes the app's code names, each with the files naming it; `prefix` when only its start is written. */
function usedClasses(): Map<string, { files: Set<string>; prefix: boolean }> {
  const used = new Map<string, { files: Set<string>; prefix: boolean }>();
  const note = (name: string, file: string, prefix = false) => {
    const entry = used.get(name) ?? { files: new Set<string>(), prefix };
    entry.files.add(relative(source, file));
    used.set(name, entry);
  };
  for (const file of files.filter((path) => /\.tsx?$/.test(path) && !/\.test\.|test-support|[\\/]test[\\/]/.test(path))) {
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/className="([^"]*)"/g)) for (const name of (match[1] ?? '').split(/\s+/).filter(Boolean)) note(name, file);
    // A block's part or variant written anywhere in the code: 'order-facts__row', `btn--${variant}`.
    for (const match of code.matchAll(/['"`]([a-z][a-z0-9-]*(?:__[a-z0-9-]+|--[a-z0-9-]+)+)/g)) note(match[1] ?? '', file);
    for (const match of code.matchAll(/[`'"\s]([a-z][a-z0-9-]*(?:__|--))\$\{/g)) note(match[1] ?? '', file, true);
  }
  return used;
}

describe('the class names of the markup', () => {
  it('each have a rule in a style sheet', () => {
    const defined = definedClasses();
    const hasRuleUnder = (prefix: string) => [...defined].some((name) => name.startsWith(prefix));
    const unstyled = [...usedClasses()]
      .filter(([name, { prefix }]) => {
        if (prefix) return !hasRuleUnder(name);
        if (defined.has(name)) return false;
        const isBlock = !name.includes('__') && !name.includes('--');
        return !(isBlock && (hasRuleUnder(`${name}__`) || hasRuleUnder(`${name}--`)));
      })
      .map(([name, { files: where }]) => `${name} (${[...where].join(', ')})`);
    expect(unstyled).toEqual([]);
  });

  it('are read from the code: the receipt names its parts, and the order status its variants by prefix', () => {
    const used = usedClasses();
    expect(used.get('receipt__header')?.files).toContain(join('features', 'orders', 'routes', 'order-receipt-page.tsx'));
    expect([...used].some(([name, { prefix }]) => prefix && name.endsWith('--'))).toBe(true);
  });
});
