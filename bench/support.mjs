// What the benchmarks share: free ports, child processes they always stop, plain HTTP calls with the
// Host header the demo sites answer to, and the demo member's sign-in as the web app does it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..');
// tsx as a loader of one node process, so stopping that process stops the app (no wrapper in between).
export const withTsx = (script, ...args) => [process.execPath, ['--import', 'tsx', script, ...args]];
export const demoMember = { phone: '081211112222', e164: '+6281211112222', pin: '123456' };
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const children = new Set();

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A child process whose output is kept for error messages; `stopAll` ends it whatever happens. */
export function start(command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  child.output = () => output;
  return child;
}

export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

export const stopAll = () => Promise.all([...children].map(stop));

/**
 * Runs a benchmark's main (which answers whether every target was met) within a time limit, always
 * cleans up, and exits 0 only when it passed.
 */
export async function runBenchmark(main, { limitMs, cleanUp = stopAll }) {
  const overall = setTimeout(async () => {
    console.error(`The benchmark took longer than ${limitMs / 60_000} minutes; stopping.`);
    await cleanUp();
    process.exit(1);
  }, limitMs);
  let passed = false;
  try {
    passed = await main();
  } catch (error) {
    console.error(error instanceof Error ? error.stack : error);
  } finally {
    clearTimeout(overall);
    await cleanUp();
  }
  process.exit(passed ? 0 : 1);
}

/** One HTTP call to 127.0.0.1 with the Host header the sites table knows. */
export function call(port, method, path, { body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { host: 'localhost', ...(payload && { 'content-type': 'application/json' }), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text, json: () => JSON.parse(text) }));
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
}

export async function expectOk(responsePromise, what) {
  const response = await responsePromise;
  if (response.status < 200 || response.status >= 300) throw new Error(`${what} answered ${response.status}: ${response.text}`);
  return response;
}

export async function waitUntilListening(port, child, what) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited early:\n${child.output()}`);
    const ready = await call(port, 'GET', '/api/health').then((response) => response.status < 500, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not start within 90 s:\n${child.output()}`);
}

function cookieOf(response) {
  const cookies = [response.headers['set-cookie'] ?? []].flat();
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ');
}

/**
 * The demo member's sign-in as the web app does it: PIN info, a code from the outbox, then the PIN.
 * Answers the session cookie, the device id the sign-in used and the sign-in's answer.
 */
export async function signIn(port) {
  const deviceId = randomBytes(16).toString('base64url');
  const identifier = { identifierType: 'phone', identifierValue: demoMember.phone, countryCode: '62' };
  const device = { 'x-device-id': deviceId };
  await expectOk(call(port, 'POST', '/api/auth/get-pin-info', { body: identifier, headers: device }), 'get-pin-info');
  await expectOk(call(port, 'POST', '/api/auth/check-credential', { body: identifier, headers: device }), 'check-credential');
  const outbox = await expectOk(call(port, 'GET', `/api/dev/outbox?to=${encodeURIComponent(demoMember.e164)}`), 'dev outbox');
  const otp = outbox.json().data[0]?.code;
  if (!otp) throw new Error('No code reached the development outbox');
  const verified = await expectOk(call(port, 'POST', '/api/auth/verify-otp', { body: { ...identifier, otp }, headers: device }), 'verify-otp');
  const signedIn = await expectOk(
    call(port, 'POST', '/api/auth/login-by-pin', { body: { ...identifier, pin: demoMember.pin }, headers: { ...device, cookie: cookieOf(verified) } }),
    'login-by-pin',
  );
  return { cookie: cookieOf(signedIn), deviceId, answer: signedIn.json() };
}
