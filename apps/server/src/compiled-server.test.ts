import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, waitUntilReady } from './test/server-process.ts';

const buildScript = fileURLToPath(new URL('../build.mjs', import.meta.url));
const IN_FLIGHT = 100;

/** Resolves once the server's log shows it has received `count` requests to `path` (Fastify logs each as it arrives). */
function receivedRequests(child: ChildProcess, path: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let seen = 0;
    let pending = '';
    const timer = setTimeout(() => reject(new Error(`the server received ${seen} of ${count} requests`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      seen += lines.filter((line) => line.includes('"incoming request"') && line.includes(path)).length;
      if (seen >= count) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/** Resolves once a new connection to the port is refused. */
async function refusedAfterwards(port: number): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const refused = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'localhost' } }).then(
      () => false,
      () => true,
    );
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * A request whose headers and first half of body are on the wire: the server has it in hand and
 * waits for the rest. `finish` sends the rest; `answer` is the status line the server sends back.
 */
function halfSentRequest(port: number, index: number): { finish: () => void; answer: Promise<string> } {
  const body = JSON.stringify({ identifierType: 'phone', identifierValue: `0812990${String(index).padStart(5, '0')}`, countryCode: '62' });
  const socket: Socket = connect(port, '127.0.0.1');
  const head = [
    'POST /api/auth/get-pin-info HTTP/1.1',
    'host: localhost',
    'content-type: application/json',
    `x-device-id: shutdown-test-device-${index}`,
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    '',
  ].join('\r\n');
  const half = Math.floor(body.length / 2);
  socket.write(head + body.slice(0, half));
  const answer = new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve('connection error'));
  });
  return { finish: () => socket.write(body.slice(half)), answer };
}

describe('the compiled server', () => {
  // Inside the server package, as dist/ is, so the bundle finds its dependencies in node_modules.
  const cacheDir = fileURLToPath(new URL('../node_modules/.cache/', import.meta.url));
  mkdirSync(cacheDir, { recursive: true });
  const outDir = mkdtempSync(join(cacheDir, 'compiled-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'kartu-compiled-'));
  afterAll(() => {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The production build, made as `npm run build` makes it, run with plain node: no tsx, no TypeScript.
  beforeAll(() => {
    const built = spawnSync(process.execPath, [buildScript, outDir], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`the build failed: ${built.stderr}`);
  }, 60_000);

  it('starts with plain node, answers every request in flight when SIGTERM arrives, then exits cleanly', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      // Info, for the log line of each request received.
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_PER_MINUTE: '10000',
      SHUTDOWN_TIMEOUT_MS: '20000',
      WEB_DIST_DIR: fileURLToPath(new URL('../../web/dist', import.meta.url)),
    };
    // The embedded database, whatever the suite runs against.
    delete env['DATABASE_URL'];
    delete env['REDIS_URL'];
    const child = spawn(process.execPath, [join(outDir, 'main.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitUntilReady(`http://127.0.0.1:${port}`, child);
      const received = receivedRequests(child, '/api/auth/get-pin-info', IN_FLIGHT);
      const requests = Array.from({ length: IN_FLIGHT }, (_, index) => halfSentRequest(port, index));
      // Every request is in the server's hands, waiting for the rest of its body, when the signal comes.
      await received;
      child.kill('SIGTERM');
      // The instance soon takes no new connection…
      const refused = await refusedAfterwards(port);
      for (const request of requests) request.finish();
      const answers = await Promise.all(requests.map((request) => request.answer));

      // …but answers every one it had.
      expect(answers.filter((line) => line !== 'HTTP/1.1 200 OK')).toEqual([]);
      expect(refused).toBe(true);
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect(errors).not.toMatch(/could not close cleanly|exiting anyway/);
  });

  it('has an operator CLI that runs with plain node on the same database', { timeout: 60_000 }, () => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test' };
    delete env['DATABASE_URL'];
    const listed = spawnSync(process.execPath, [join(outDir, 'kartu.js'), 'merchants', 'list'], { env, encoding: 'utf8' });
    expect(listed.status).toBe(0);
    // The demo merchants the first start seeded, from the bundle's own copy of the migrations and pictures.
    expect(listed.stdout).toContain('KOPISENJA');
  });
});
