import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import semver from 'semver';

const root = new URL('../../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8')) as Record<string, unknown>;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

/** The oldest release of each Node line the project declares it runs on: ^20.19.0 || ^26.0.0 gives 20.19.0 and 26.0.0. */
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

  // CI runs every test on the active LTS, and starts the compiled server and the browser tests on
  // the Node our machines ship with.
  it('are the two lines the project is tested on: the machines’ Node 20 and the active LTS, Node 26', () => {
    expect(lines.map((version) => semver.major(version))).toEqual([20, 26]);
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
