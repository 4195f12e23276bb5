import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A built web app in a temporary folder, for the server to serve: its page and one content-hashed asset. */
export interface FakeWebBuild {
  dir: string;
  /** The text of index.html. */
  page: string;
  /** The asset's URL path. */
  asset: string;
  remove(): void;
}

export function fakeWebBuild(): FakeWebBuild {
  const dir = mkdtempSync(join(tmpdir(), 'kartu-web-'));
  const page = '<!doctype html><html><body><div id="root"></div></body></html>';
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, 'assets', 'app-3f2a.js'), 'console.log("app")');
  return { dir, page, asset: '/assets/app-3f2a.js', remove: () => rmSync(dir, { recursive: true, force: true }) };
}
