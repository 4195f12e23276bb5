import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The schema index is the list drizzle-kit makes migrations from: a table file missing from it
// would get no migration, and its module would fail only once deployed.
const srcDir = fileURLToPath(new URL('..', import.meta.url));

describe('the schema index', () => {
  it('exports every *.table.ts of the modules and the integration API', () => {
    const tableFiles = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('.table.ts'))
      .map((path) => `../${path.replaceAll('\\', '/')}`)
      .sort();
    const exported = [...readFileSync(new URL('./schema.ts', import.meta.url), 'utf8').matchAll(/^export \* from '([^']+)';$/gm)].map((match) => match[1]).sort();
    expect(tableFiles.length).toBeGreaterThan(20);
    expect(exported).toEqual(tableFiles);
  });
});
