// API throughput against baselines measured on the same machine at the same moment (bench/README.md):
//   1. GET /api/v2/cards as the signed-in demo member, next to a bare node:http server answering
//      the same JSON from memory: how much of Node's raw speed the framework, the session check and
//      the queries leave (target: at least 0.35 of it).
//   2. POST /integration/v1/purchases (a ledger write each), next to pgbench's TPC-B on the same
//      PostgreSQL server: how close a purchase comes to a classic small write transaction (target:
//      at least half its rate).
// Needs DATABASE_URL naming a PostgreSQL server on this machine; creates and drops its own databases.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { call, demoMember, expectOk, freePort, median, root, runBenchmark, signIn, start, stop, stopAll, waitUntilListening, withTsx } from './support.mjs';

const DURATION_S = 10;
const WARM_UP_S = 2;
// Reads alternate between the app and the bare server, so that both meet the same moments of a
// machine whose speed drifts (other tenants of the host, CPU boost): the median of each is kept.
const READ_ROUNDS = 5;
const READ_ROUND_S = 4;
const CONNECTIONS = 10;
const READ_TARGET = 0.35;
const WRITE_TARGET = 0.5;
// Everything, server start and pgbench included, must finish well within this.
const OVERALL_LIMIT_MS = 5 * 60 * 1000;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl || !/^postgres(ql)?:\/\//.test(serverUrl)) {
  console.error('Set DATABASE_URL to a PostgreSQL server, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api');
  process.exit(2);
}
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl).hostname)) {
  console.error('The benchmark only runs against a PostgreSQL server on this machine (127.0.0.1).');
  process.exit(2);
}

const suffix = randomBytes(4).toString('hex');
const appDatabase = `kartu_bench_${suffix}`;
const pgbenchDatabase = `kartu_pgbench_${suffix}`;
const scratchDir = mkdtempSync(join(tmpdir(), 'kartu-bench-'));

function databaseUrl(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function measure(options, duration) {
  const result = await autocannon({ connections: CONNECTIONS, ...options, duration });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) console.warn(`  ${options.title}: ${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  return { rate: result.requests.average, p99: result.latency.p99, total: result.requests.total, failed };
}

async function load(options) {
  await measure(options, WARM_UP_S);
  return measure(options, DURATION_S);
}

/** Both targets warmed up, then READ_ROUNDS alternating rounds; the median rate and p99 of each. */
async function alternate(targets) {
  for (const target of targets) await measure(target, WARM_UP_S);
  const rounds = targets.map(() => []);
  for (let round = 0; round < READ_ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) rounds[index].push(await measure(target, READ_ROUND_S));
  }
  return rounds.map((results) => ({
    rate: median(results.map((result) => result.rate)),
    p99: median(results.map((result) => result.p99)),
    failed: results.reduce((sum, result) => sum + result.failed, 0),
    rates: results.map((result) => Math.round(result.rate)),
  }));
}

/** The bare baseline runs in its own process, as the app does, so neither shares autocannon's thread. */
async function startBareServer(body) {
  const bodyFile = join(scratchDir, 'cards.json');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const source = `
    import http from 'node:http';
    import { readFileSync } from 'node:fs';
    const body = readFileSync(process.env.BODY_FILE);
    http.createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      response.end(body);
    }).listen(Number(process.env.PORT), '127.0.0.1');`;
  const child = start(process.execPath, ['--input-type=module', '-e', source], { BODY_FILE: bodyFile, PORT: String(port) });
  await waitUntilListening(port, child, 'The bare node:http server');
  return { port, child };
}

/** pgbench's TPC-B-like transaction on a scratch database of the same server, same clients. */
function runPgbench() {
  const url = databaseUrl(pgbenchDatabase);
  const init = spawnSync('pgbench', ['-i', '-q', url], { encoding: 'utf8', timeout: 120_000 });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr || init.error}`);
  const run = spawnSync('pgbench', ['-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S), url], { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr || run.error}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`Could not read pgbench's tps from:\n${run.stdout}`);
  return Number(tps);
}

/** An API key through the operator CLI, exactly as an operator would make one. */
function createApiKey() {
  const created = spawnSync(...withTsx('apps/server/src/cli/kartu.ts', 'api-keys', 'create', '--merchant', 'KOPISENJA', '--name', 'Benchmark'), {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl(appDatabase) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  const key = /kartu_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}/.exec(created.stdout)?.[0];
  if (created.status !== 0 || !key) throw new Error(`kartu api-keys create failed: ${created.stderr}`);
  return key;
}

/** Ten fresh cards of the demo member's points program, so writes spread over ten wallets. */
async function cardsToEarnOn(port, key) {
  const auth = { authorization: `Bearer ${key}` };
  const listed = await expectOk(call(port, 'GET', `/integration/v1/members/${encodeURIComponent(demoMember.e164)}/cards`, { headers: auth }), 'member cards');
  const program = listed.json().data.find((card) => card.balance.unit === 'POINT');
  if (!program) throw new Error('The demo member has no points card');
  const numbers = [];
  for (let index = 0; index < CONNECTIONS; index += 1) {
    const issued = await expectOk(
      call(port, 'POST', '/integration/v1/cards', { body: { programId: program.programId }, headers: { ...auth, 'idempotency-key': `bench-card-${index}` } }),
      'issue card',
    );
    numbers.push(issued.json().number);
  }
  return numbers;
}

const ratio = (value, baseline) => (baseline > 0 ? value / baseline : 0);
const row = (label, rate, p99, unit = 'req/s') => `  ${label.padEnd(34)} ${rate.toFixed(0).padStart(7)} ${unit}   p99 ${String(p99).padStart(4)} ms`;
const verdict = (value, target) => `${value.toFixed(2)} (target ≥ ${target}) ${value >= target ? 'PASS' : 'MISS'}`;

async function main() {
  await admin(`create database ${appDatabase}`);
  await admin(`create database ${pgbenchDatabase}`);
  const port = await freePort();
  const server = start(...withTsx('apps/server/src/main.ts'), {
    DATABASE_URL: databaseUrl(appDatabase),
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    // The limits protect production from abuse; here they would measure the limiter, not the API.
    RATE_LIMIT_PER_MINUTE: '100000000',
    SESSION_RATE_LIMIT_PER_MINUTE: '100000000',
    INTEGRATION_RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  console.log(`Starting Kartu on 127.0.0.1:${port} over the fresh database ${appDatabase}…`);
  await waitUntilListening(port, server, 'The Kartu server');

  const { cookie } = await signIn(port);
  const cardList = await expectOk(call(port, 'GET', '/api/v2/cards', { headers: { cookie } }), 'GET /api/v2/cards');
  console.log(`Signed in as the demo member; the card list holds ${cardList.json().data.length} cards (${cardList.text.length} bytes).`);

  console.log(`\nReads: ${CONNECTIONS} connections, ${READ_ROUNDS} alternating rounds of ${READ_ROUND_S} s each after a ${WARM_UP_S} s warm-up; medians`);
  const bare = await startBareServer(cardList.text);
  const [kartuRead, bareRead] = await alternate([
    { title: 'GET /api/v2/cards', url: `http://127.0.0.1:${port}/api/v2/cards`, headers: { host: 'localhost', cookie } },
    { title: 'bare node:http', url: `http://127.0.0.1:${bare.port}/api/v2/cards`, headers: { host: 'localhost' } },
  ]);
  await stop(bare.child);
  console.log(`${row('Kartu GET /api/v2/cards', kartuRead.rate, kartuRead.p99)}   rounds ${kartuRead.rates.join(' / ')}`);
  console.log(`${row('bare node:http, same JSON', bareRead.rate, bareRead.p99)}   rounds ${bareRead.rates.join(' / ')}`);
  const readRatio = ratio(kartuRead.rate, bareRead.rate);
  console.log(`  ratio ${verdict(readRatio, READ_TARGET)}`);

  const key = createApiKey();
  const numbers = await cardsToEarnOn(port, key);
  let sequence = 0;
  const purchases = await load({
    title: 'POST /integration/v1/purchases',
    url: `http://127.0.0.1:${port}/integration/v1/purchases`,
    method: 'POST',
    headers: { host: 'localhost', authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          sequence += 1;
          const billNumber = `BENCH-${suffix}-${sequence}`;
          return {
            ...request,
            headers: { ...request.headers, 'idempotency-key': billNumber },
            body: JSON.stringify({ cardNumber: numbers[sequence % numbers.length], amount: 25_000, billNumber }),
          };
        },
      },
    ],
  });
  // The app stops before pgbench runs, so the two never share the machine.
  await stop(server);
  const tps = runPgbench();
  console.log(`\nLedger writes: ${CONNECTIONS} connections, ${DURATION_S} s`);
  console.log(row('Kartu POST /integration/v1/purchases', purchases.rate, purchases.p99));
  console.log(`  pgbench TPC-B (-c ${CONNECTIONS} -j 2)      ${tps.toFixed(0).padStart(7)} tps`);
  const writeRatio = ratio(purchases.rate, tps);
  console.log(`  ratio ${verdict(writeRatio, WRITE_TARGET)}`);
  if (kartuRead.failed + purchases.failed > 0) console.log('  Some requests failed: the rates above count only what was answered.');
  return readRatio >= READ_TARGET && writeRatio >= WRITE_TARGET && kartuRead.failed + purchases.failed === 0;
}

async function cleanUp() {
  await stopAll();
  for (const name of [appDatabase, pgbenchDatabase]) await admin(`drop database if exists ${name} with (force)`).catch((error) => console.error(`Could not drop ${name}: ${error.message}`));
  rmSync(scratchDir, { recursive: true, force: true });
}

await runBenchmark(main, { limitMs: OVERALL_LIMIT_MS, cleanUp });
