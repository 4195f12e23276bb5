import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./main.ts', import.meta.url));
const IN_FLIGHT = 100;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'localhost' } }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready');
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

describe('graceful shutdown', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kartu-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('answers every request in flight when SIGTERM arrives, then exits cleanly', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_PER_MINUTE: '10000',
      SHUTDOWN_TIMEOUT_MS: '20000',
    };
    // The embedded database, whatever the suite runs against.
    delete env['DATABASE_URL'];
    delete env['REDIS_URL'];
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await waitUntilReady(port, child);
      const requests = Array.from({ length: IN_FLIGHT }, (_, index) => halfSentRequest(port, index));
      // Every request is in the server's hands, waiting for the rest of its body, when the signal comes.
      await new Promise((resolve) => setTimeout(resolve, 500));
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The instance no longer takes new connections…
      const refused = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { host: 'localhost' } }).then(
        () => false,
        () => true,
      );
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
});
