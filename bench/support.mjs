// What the benchmarks share: free ports, child processes they always stop, the local PostgreSQL
// server they make databases on, an API key from the operator CLI, plain HTTP calls with the Host
// header the demo sites answer to, and the demo member's sign-in as the web app does it.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export const root = join(import.meta.dirname, '..');
// tsx as a loader of one node process, so stopping that process stops the app (no wrapper in between).
export const withTsx = (script, ...args) => [process.execPath, ['--import', 'tsx', script, ...args]];
export const demoMember = { phone: '081211112222', e164: '+6281211112222', pin: '123456' };
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const children = new Set();

/**
 * The PostgreSQL server DATABASE_URL names, which must be on this machine: the benchmarks create
 * and drop databases there. Exits 2 with a hint when it is unset or elsewhere.
 */
export function localPostgresServer(script) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl || !/^postgres(ql)?:\/\//.test(serverUrl)) {
    console.error(`Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run ${script}`);
    process.exit(2);
  }
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl).hostname)) {
    console.error('The benchmark only runs against a PostgreSQL server on this machine (127.0.0.1).');
    process.exit(2);
  }
  return serverUrl;
}

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl, name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection: creating or dropping a database. */
export async function adminQuery(serverUrl, sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An API key of the demo merchant made with the operator CLI (`kartu` is its command and
 * arguments), as an operator makes one. The key is answered, never printed.
 */
/** Runs an operator command (`kartu`, as [command, args]) on the database at `url`. */
export function runKartu(kartu, commandArgs, { databaseUrl: url, env = {} }) {
  const [command, args] = kartu;
  return spawnSync(command, [...args, ...commandArgs], { cwd: root, env: { ...process.env, ...env, DATABASE_URL: url }, encoding: 'utf8', timeout: 60_000 });
}

export function createApiKey(kartu, { databaseUrl: url, name, env = {} }) {
  const created = runKartu(kartu, ['api-keys', 'create', '--merchant', 'KOPISENJA', '--name', name], { databaseUrl: url, env });
  const key = /kartu_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}/.exec(created.stdout)?.[0];
  if (created.status !== 0 || !key) throw new Error(`kartu api-keys create failed: ${created.stderr}`);
  return key;
}

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

const failure = (message, code) => Object.assign(new Error(message), { code });

/**
 * One HTTP call to 127.0.0.1 with the Host header the sites table knows. It fails (rather than
 * waiting for ever) when the connection breaks in the middle of the answer, and with `timeoutMs`
 * when the connection stays silent that long.
 */
export function call(port, method, path, { body, headers = {}, timeoutMs } = {}) {
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
        response.once('close', () => {
          if (!response.complete) reject(failure('The connection broke during the answer', 'ECONNRESET'));
        });
      },
    );
    request.once('error', reject);
    if (timeoutMs) request.setTimeout(timeoutMs, () => request.destroy(failure(`No answer within ${timeoutMs} ms`, 'ETIMEDOUT')));
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
