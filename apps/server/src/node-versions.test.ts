import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const root = new URL('../../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8')) as Record<string, unknown>;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

/** The oldest release of each Node line the project declares it runs on: ^20.19.0 || >=22.12.0 gives 20.19.0 and 22.12.0. */
function oldestSupported(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => {
    const oldest = semver.minVersion(comparators.map((comparator) => comparator.value).join(' '));
    if (!oldest) throw new Error(`No version satisfies ${range}`);
    return oldest.version;
  });
}

describe('Node versions', () => {
  const engines = (readJson('package.json')['engines'] as { node: string }).node;
  const lines = oldestSupported(engines);

  it('are the two LTS lines the project runs on, Node 20 and Node 22', () => {
    expect(lines.map((version) => semver.major(version))).toEqual([20, 22]);
  });

  it('include the oldest release of each line in every installed package’s own range', () => {
    const packages = readJson('package-lock.json')['packages'] as Record<string, LockedPackage>;
    const refusing = Object.entries(packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !range) return [];
      const missed = lines.filter((version) => !semver.satisfies(version, range));
      return missed.length === 0 ? [] : [`${path.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${range}`];
    });
    expect(refusing).toEqual([]);
  });
});
