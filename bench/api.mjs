// API throughput against baselines measured on the same machine at the same moment (bench/README.md):
//   1. GET /api/v2/cards as the signed-in demo member, next to a bare node:http server answering
//      the same JSON from memory: how much of Node's raw speed the framework, the session check and
//      the queries leave (target: at least 0.35 of it).
//   1b. GET /api/v2/cards/{cardId}/catalogs, the shop's first page on the demo member's points card,
//      next to a bare server answering the same JSON: the same target.
//   2. POST /integration/v1/purchases (a ledger write each), next to pgbench's TPC-B on the same
//      PostgreSQL server: how close a purchase comes to a classic small write transaction (target:
//      at least half its rate).
//   3. GET /api/v2/cards as 10,000 members in turn, each answer read from the database (no cached
//      page or session), next to the same bare server: the same target as the cached read.
//   4. The p99 of a page of a busy card's history and of a purchase with 10,000 journal entries in
//      the database and with --ledger-rows of them (10 million unless told; 0 skips it), side by side:
//      at most 1.5 times the small ledger's.
// Needs DATABASE_URL naming a PostgreSQL server on this machine; creates and drops its own databases.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { checkLedger, createMembers, fillLedger } from './bulk-data.mjs';
import { adminQuery, call, createApiKey, databaseUrl, demoMember, expectOk, freePort, localPostgresServer, median, runBenchmark, signIn, start, stop, stopAll, waitUntilListening, withTsx } from './support.mjs';

const DURATION_S = 10;
const WARM_UP_S = 2;
// Reads alternate between the app and the bare server, so that both meet the same moments of a
// machine whose speed drifts (other tenants of the host, CPU boost): the median of each is kept.
const READ_ROUNDS = 5;
const READ_ROUND_S = 4;
const CONNECTIONS = 10;
const READ_TARGET = 0.35;
const WRITE_TARGET = 0.5;
// The app keeps up to 20,000 wallet pages and as many sessions, each for 10 s at most: every Kartu
// run starts with both dropped, and 10,000 members in turn meet each one once in a 4 s round
// unless the app answers more than 2,500 requests a second.
const MISS_MEMBERS = 10_000;
const SMALL_LEDGER = 10_000;
const LEDGER_MEMBERS = 10_000;
// Latencies are sampled at a fixed rate, below what the app can answer, so that the p99 is the
// time a request takes rather than the length of a queue.
const LATENCY_ROUNDS = 5;
const LATENCY_ROUND_S = 4;
const HISTORY_RATE = 200;
const PURCHASE_RATE = 100;
const MAX_IN_FLIGHT = 4;
const STATS_DELAY_MS = 11_000;
const HISTORY_PAGES = 50;
// The app's page of history when the request names no limit.
const HISTORY_PAGE_SIZE = 20;
const SCALE_TARGET = 1.5;

const PARTS = ['cached', 'catalog', 'uncached', 'writes', 'scale'];
const { values: args } = parseArgs({ options: { 'ledger-rows': { type: 'string', default: '10000000' }, only: { type: 'string' }, 'cpu-prof-dir': { type: 'string' } } });
const ledgerRows = Number(args['ledger-rows']);
// --only uncached,writes runs those parts alone, as when working on one of them.
const parts = new Set(args.only ? args.only.split(',') : PARTS);
if ([...parts].some((part) => !PARTS.includes(part))) {
  console.error(`--only takes a comma-separated list of ${PARTS.join(', ')}.`);
  process.exit(2);
}
if (!Number.isSafeInteger(ledgerRows) || (ledgerRows !== 0 && ledgerRows <= SMALL_LEDGER)) {
  console.error(`--ledger-rows takes a whole number above ${SMALL_LEDGER}, or 0 to leave the ledger at scale out.`);
  process.exit(2);
}
// Everything, server start and pgbench included, must finish well within this. Making, vacuuming
// and checking the large ledger takes under a minute per million entries on a 2-core machine, about
// twice that while other work runs.
const OVERALL_LIMIT_MS = (10 + (2 * ledgerRows) / 1_000_000) * 60 * 1000;

const serverUrl = localPostgresServer('bench:api');

const suffix = randomBytes(4).toString('hex');
const appDatabase = `kartu_bench_${suffix}`;
const pgbenchDatabase = `kartu_pgbench_${suffix}`;
const smallLedgerDatabase = `kartu_ledger_small_${suffix}`;
const largeLedgerDatabase = `kartu_ledger_large_${suffix}`;
const databases = [appDatabase, pgbenchDatabase, ...(ledgerRows > 0 ? [smallLedgerDatabase, largeLedgerDatabase] : [])];
const scratchDir = mkdtempSync(join(tmpdir(), 'kartu-bench-'));

const urlOf = (name) => databaseUrl(serverUrl, name);
const admin = (sql) => adminQuery(serverUrl, sql);

async function withDatabase(name, use) {
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

async function measure(options, duration) {
  const result = await autocannon({ connections: CONNECTIONS, ...options, duration });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) console.warn(`  ${options.title}: ${failed} of ${result.requests.total} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  return { rate: result.requests.average, p99: result.latency.p99, total: result.requests.total, sent: result.requests.sent, failed };
}

async function load(options) {
  await measure(options, WARM_UP_S);
  return measure(options, DURATION_S);
}

/** A target's `beforeRun` (dropping caches) runs before each of its runs, warm-up included. */
async function runOnce({ beforeRun, ...target }, duration) {
  await beforeRun?.();
  return measure(target, duration);
}

/**
 * Both targets warmed up, then READ_ROUNDS alternating rounds; the median rate and p99 of each,
 * and how many requests each was sent in all.
 */
async function alternate(targets) {
  const warmUps = [];
  for (const target of targets) warmUps.push(await runOnce(target, WARM_UP_S));
  const rounds = targets.map(() => []);
  for (let round = 0; round < READ_ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) rounds[index].push(await runOnce(target, READ_ROUND_S));
  }
  return rounds.map((results, index) => ({
    rate: median(results.map((result) => result.rate)),
    p99: median(results.map((result) => result.p99)),
    failed: results.reduce((sum, result) => sum + result.failed, 0),
    rates: results.map((result) => Math.round(result.rate)),
    sent: [warmUps[index], ...results].reduce((sum, result) => sum + result.sent, 0),
  }));
}

const percentile = (sorted, share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/**
 * Requests sent at `rate` a second for `durationS`, but never more than MAX_IN_FLIGHT unanswered,
 * so a machine that falls behind measures slower answers rather than a growing queue; their
 * latencies to the microsecond (autocannon counts whole milliseconds).
 */
async function sampleLatency(port, nextRequest, { rate, durationS }) {
  const started = performance.now();
  const latencies = [];
  const inFlight = new Set();
  let failed = 0;
  for (let index = 0; performance.now() - started < durationS * 1000; index += 1) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    const { method, path, body, headers } = nextRequest();
    const sentAt = performance.now();
    const answered = call(port, method, path, { body, headers })
      .then(
        (response) => (response.status >= 200 && response.status < 300 ? latencies.push(performance.now() - sentAt) : (failed += 1)),
        () => (failed += 1),
      )
      .finally(() => inFlight.delete(answered));
    inFlight.add(answered);
  }
  await Promise.all(inFlight);
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), failed, count: sorted.length + failed };
}

/**
 * The same requests on each site in turn: a warm-up, then LATENCY_ROUNDS alternating rounds, so
 * that a machine whose speed drifts weighs on every site alike; the median p50 and p99 of each.
 */
async function alternateLatency(sites, requestsOf, rate) {
  for (const site of sites) await sampleLatency(site.port, requestsOf(site), { rate, durationS: WARM_UP_S });
  const rounds = sites.map(() => []);
  for (let round = 0; round < LATENCY_ROUNDS; round += 1) {
    for (const [index, site] of sites.entries()) rounds[index].push(await sampleLatency(site.port, requestsOf(site), { rate, durationS: LATENCY_ROUND_S }));
  }
  return rounds.map((results) => ({
    p50: median(results.map((result) => result.p50)),
    p99: median(results.map((result) => result.p99)),
    p99s: results.map((result) => result.p99.toFixed(1)),
    failed: results.reduce((sum, result) => sum + result.failed, 0),
  }));
}

/**
 * The bare baseline runs in its own process, as the app does, so neither shares autocannon's thread.
 * Given `queryUrl`, it first asks that PostgreSQL database one trivial prepared statement
 * (`select 1`) per request over a pool as large as the app's: the least any answer read from the
 * database costs on this machine.
 */
async function startBareServer(body, { queryUrl } = {}) {
  const bodyFile = join(scratchDir, `cards-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const source = `
    import http from 'node:http';
    import { readFileSync } from 'node:fs';
    const body = readFileSync(process.env.BODY_FILE);
    const send = (response) => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      response.end(body);
    };
    const handle = process.env.QUERY_URL
      ? await (async () => {
          const { default: pg } = await import(process.env.PG_MODULE);
          const pool = new pg.Pool({ connectionString: process.env.QUERY_URL, max: ${CONNECTIONS} });
          return (request, response) => pool.query({ name: 'bare_select_one', text: 'select 1' }).then(() => send(response), () => response.writeHead(500).end());
        })()
      : (request, response) => send(response);
    http.createServer(handle).listen(Number(process.env.PORT), '127.0.0.1');`;
  const env = { BODY_FILE: bodyFile, PORT: String(port), ...(queryUrl ? { QUERY_URL: queryUrl, PG_MODULE: import.meta.resolve('pg') } : {}) };
  const child = start(process.execPath, ['--input-type=module', '-e', source], env);
  await waitUntilListening(port, child, 'The bare node:http server');
  return { port, child };
}

/** pgbench's TPC-B-like transaction on a scratch database of the same server, same clients. */
function runPgbench() {
  const url = urlOf(pgbenchDatabase);
  const init = spawnSync('pgbench', ['-i', '-q', url], { encoding: 'utf8', timeout: 120_000 });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr || init.error}`);
  const run = spawnSync('pgbench', ['-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S), url], { encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr || run.error}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1];
  if (!tps) throw new Error(`Could not read pgbench's tps from:\n${run.stdout}`);
  return Number(tps);
}

/** An API key through the operator CLI, exactly as an operator would make one. */
const apiKeyOf = (database) => createApiKey(withTsx('apps/server/src/cli/kartu.ts'), { databaseUrl: urlOf(database), name: 'Benchmark' });

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

/** The app from source over `database`, as the other benchmarks start it. */
async function startKartu(database) {
  const port = await freePort();
  const [node, tsxArgs] = withTsx('apps/server/src/main.ts');
  // --cpu-prof-dir DIR: each Kartu server writes a CPU profile there when it stops (Chrome's DevTools open it).
  const profile = args['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof-dir']}`] : [];
  const child = start(node, [...profile, ...tsxArgs], {
    DATABASE_URL: urlOf(database),
    // Changes travel over PostgreSQL, where the benchmark can announce them too (dropCaches).
    REDIS_URL: undefined,
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
  console.log(`Starting Kartu on 127.0.0.1:${port} over the fresh database ${database}…`);
  await waitUntilListening(port, child, 'The Kartu server');
  return { port, child };
}

const count = (value) => value.toLocaleString('en-US');
const ratio = (value, baseline) => (baseline > 0 ? value / baseline : 0);
const row = (label, rate, p99, unit = 'req/s') => `  ${label.padEnd(34)} ${rate.toFixed(0).padStart(7)} ${unit}   p99 ${String(p99).padStart(4)} ms`;
const verdict = (value, target) => `${value.toFixed(value < 0.1 ? 3 : 2)} (target ≥ ${target}) ${value >= target ? 'PASS' : 'MISS'}`;
const verdictAtMost = (value, target) => `${value.toFixed(2)} (target ≤ ${target}) ${value <= target ? 'PASS' : 'MISS'}`;

function printReads(kartuRead, bareRead, label = 'Kartu GET /api/v2/cards') {
  console.log(`${row(label, kartuRead.rate, kartuRead.p99)}   rounds ${kartuRead.rates.join(' / ')}`);
  console.log(`${row('bare node:http, same JSON', bareRead.rate, bareRead.p99)}   rounds ${bareRead.rates.join(' / ')}`);
  const readRatio = ratio(kartuRead.rate, bareRead.rate);
  console.log(`  ratio ${verdict(readRatio, READ_TARGET)}`);
  if (kartuRead.failed > 0) console.log('  Some requests failed: the rates above count only what was answered.');
  return readRatio >= READ_TARGET && kartuRead.failed === 0;
}

/** The demo member's wallet page, which the app answers from memory after the first time. */
async function cachedReads(port) {
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
  return printReads(kartuRead, bareRead);
}

/**
 * The first page of the shop on the demo member's points card, as its catalog opens: the app keeps
 * the page for every member of the program, and checks the card is the member's on each request.
 */
async function catalogReads(port) {
  const { cookie } = await signIn(port);
  const cards = (await expectOk(call(port, 'GET', '/api/v2/cards', { headers: { cookie } }), 'GET /api/v2/cards')).json().data;
  const card = cards.find((candidate) => candidate.programName === 'Kopi Senja Rewards') ?? cards[0];
  const path = `/api/v2/cards/${card.id}/catalogs`;
  const page = await expectOk(call(port, 'GET', path, { headers: { cookie } }), `GET ${path}`);
  console.log(`\nCatalog: the first page of ${card.programName} holds ${page.json().data.length} of ${page.json().total} products (${page.text.length} bytes).`);
  const bare = await startBareServer(page.text);
  const [kartuRead, bareRead] = await alternate([
    { title: 'GET catalog page', url: `http://127.0.0.1:${port}${path}`, headers: { host: 'localhost', cookie } },
    { title: 'bare node:http', url: `http://127.0.0.1:${bare.port}${path}`, headers: { host: 'localhost' } },
  ]);
  await stop(bare.child);
  return printReads(kartuRead, bareRead, 'Kartu GET …/catalogs');
}

/** Members made in bulk, each with a card of each of the demo member's programs and two entries on each. */
async function membersWithHistory(client) {
  const { merchantId, members } = await createMembers(client, { count: MISS_MEMBERS });
  const cards = members.flatMap((member) => member.cards);
  await fillLedger(client, { merchantId, cards, entries: 2 * cards.length });
  await client.query('analyze');
  return members;
}

/**
 * Announces a change of everything on the app's change channel, as another instance would after
 * an outage of the channel: the app drops every wallet page and session it keeps.
 */
async function dropCaches(client) {
  await client.query('select pg_notify($1, $2)', ['kartu_changes', JSON.stringify({ origin: 'bench', tags: ['*'] })]);
  await sleep(100);
}

/**
 * How many wallet pages the app has built from the database: each one reads the program levels
 * once, and nothing else the benchmark runs reads them. A busy backend reports its counts up to
 * 10 s after it goes idle, so this first waits that long, then until two readings agree.
 */
async function pagesBuilt(client) {
  const read = async () => {
    const { rows } = await client.query(`select coalesce(seq_scan, 0) + coalesce(idx_scan, 0) as reads from pg_stat_user_tables where relname = 'program_levels'`);
    return Number(rows[0]?.reads ?? 0);
  };
  await sleep(STATS_DELAY_MS);
  let last = await read();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await sleep(1000);
    const next = await read();
    if (next === last) return next;
    last = next;
  }
  return last;
}

/** Wallet pages of 10,000 members in turn: every answer built from the database. */
async function uncachedReads(port) {
  console.log(`\nReads that miss the cache: ${count(MISS_MEMBERS)} members signed in, each request from the next one; ${READ_ROUNDS} alternating rounds of ${READ_ROUND_S} s after a ${WARM_UP_S} s warm-up, every Kartu run starting with the caches dropped; medians`);
  const made = performance.now();
  const members = await withDatabase(appDatabase, membersWithHistory);
  console.log(`  ${count(MISS_MEMBERS)} members with ${count(2 * MISS_MEMBERS)} cards, their history and sessions made in the database in ${seconds(made)}`);
  const sample = await expectOk(call(port, 'GET', '/api/v2/cards', { headers: { cookie: members[0].cookie } }), 'GET /api/v2/cards as a bulk member');
  const bare = await startBareServer(sample.text);
  const bareWithQuery = await startBareServer(sample.text, { queryUrl: urlOf(appDatabase) });
  let turn = 0;
  const nextMember = (request) => ({ ...request, headers: { ...request.headers, cookie: members[turn++ % members.length].cookie } });
  const [kartuRead, bareRead, bareQueryRead, built] = await withDatabase(appDatabase, async (client) => {
    const before = await pagesBuilt(client);
    const results = await alternate([
      { title: 'GET /api/v2/cards, many members', url: `http://127.0.0.1:${port}/api/v2/cards`, headers: { host: 'localhost' }, requests: [{ setupRequest: nextMember }], beforeRun: () => dropCaches(client) },
      { title: 'bare node:http', url: `http://127.0.0.1:${bare.port}/api/v2/cards`, headers: { host: 'localhost' } },
      { title: 'bare node:http with select 1', url: `http://127.0.0.1:${bareWithQuery.port}/api/v2/cards`, headers: { host: 'localhost' } },
    ]);
    return [...results, (await pagesBuilt(client)) - before];
  });
  await Promise.all([stop(bare.child), stop(bareWithQuery.child)]);
  console.log(`  ${count(kartuRead.sent)} requests to Kartu, ${count(built)} wallet pages built from the database: ${((100 * built) / kartuRead.sent).toFixed(1)}% cache misses`);
  const passed = printReads(kartuRead, bareRead);
  // What no answer read from the database can beat here: the same two cores run the load
  // generator, Node and PostgreSQL (docs/operations.md).
  console.log(`${row('bare node:http + select 1', bareQueryRead.rate, bareQueryRead.p99)}   rounds ${bareQueryRead.rates.join(' / ')}`);
  console.log(`  its ratio to the bare server ${ratio(bareQueryRead.rate, bareRead.rate).toFixed(2)}; Kartu's to it ${ratio(kartuRead.rate, bareQueryRead.rate).toFixed(2)}`);
  return passed;
}

/** Purchases over ten wallets as fast as the app takes them, next to pgbench on the same server. */
async function ledgerWrites(server) {
  const key = apiKeyOf(appDatabase);
  const numbers = await cardsToEarnOn(server.port, key);
  let sequence = 0;
  const purchases = await load({
    title: 'POST /integration/v1/purchases',
    url: `http://127.0.0.1:${server.port}/integration/v1/purchases`,
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
  await stop(server.child);
  const tps = runPgbench();
  console.log(`\nLedger writes: ${CONNECTIONS} connections, ${DURATION_S} s`);
  console.log(row('Kartu POST /integration/v1/purchases', purchases.rate, purchases.p99));
  console.log(`  pgbench TPC-B (-c ${CONNECTIONS} -j 2)      ${tps.toFixed(0).padStart(7)} tps`);
  const writeRatio = ratio(purchases.rate, tps);
  console.log(`  ratio ${verdict(writeRatio, WRITE_TARGET)}`);
  if (purchases.failed > 0) console.log('  Some requests failed: the rates above count only what was answered.');
  return writeRatio >= WRITE_TARGET && purchases.failed === 0;
}

/**
 * `entries` journal entries over the cards of LEDGER_MEMBERS members: a hundredth of them (at least
 * HISTORY_PAGES pages' worth) on the first member's points card, the rest spread evenly. Vacuumed
 * and analysed, as autovacuum would have left a ledger that grew over months.
 */
async function bulkLedger(client, { entries, label }) {
  const { merchantId, members } = await createMembers(client, { count: LEDGER_MEMBERS });
  const [owner] = members;
  const busyCard = owner.cards.find((card) => card.unit === 'POINT');
  const cards = members.flatMap((member) => member.cards).filter((card) => card !== busyCard);
  const made = performance.now();
  let reported = 0;
  const onProgress = (done) => {
    if (done < entries && done - reported < entries / 10) return;
    reported = done;
    console.log(`    ${label}: ${count(done)} of ${count(entries)} entries written (${seconds(made)})`);
  };
  const { busyEntries } = await fillLedger(client, { merchantId, cards, busyCard, entries, busyEntries: Math.max(HISTORY_PAGE_SIZE * HISTORY_PAGES, Math.floor(entries / 100)), onProgress });
  const vacuumed = performance.now();
  await client.query('vacuum (analyze) journal_entries, postings, lots, lot_consumptions, ledger_accounts, cards, users, sessions');
  const checked = performance.now();
  await checkLedger(client);
  console.log(`    ${label}: vacuumed and analysed in ${seconds(vacuumed)}; balances, lots and postings checked in ${seconds(checked)}`);
  const buyOn = [busyCard, ...cards.filter((card) => card.unit === 'POINT').slice(0, CONNECTIONS - 1)];
  return { cookie: owner.cookie, busyCard, busyEntries, numbers: buyOn.map((card) => card.number) };
}

const historyPath = (cardId, cursor) => `/api/v2/cards/${cardId}/transactions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** The cursors of the busy card's first HISTORY_PAGES pages, as the app hands them out. */
async function historyCursors(port, { cookie, busyCard }) {
  const cursors = [undefined];
  while (cursors.length < HISTORY_PAGES) {
    const page = await expectOk(call(port, 'GET', historyPath(busyCard.id, cursors.at(-1)), { headers: { cookie } }), 'card history');
    const next = page.json().nextCursor;
    if (!next) throw new Error(`The busy card's history ended after ${cursors.length} pages`);
    cursors.push(next);
  }
  return cursors;
}

/** A database with `entries` journal entries, its own app, and what the requests need. */
async function ledgerSite(database, entries) {
  const label = `${count(entries)}-entry ledger`;
  await admin(`create database ${database}`);
  const app = await startKartu(database);
  const ledger = await withDatabase(database, (client) => bulkLedger(client, { entries, label }));
  return { ...app, ...ledger, entries, label, key: apiKeyOf(database), cursors: await historyCursors(app.port, ledger), bills: 0 };
}

function nextHistoryPage(site) {
  let turn = 0;
  return () => ({ method: 'GET', path: historyPath(site.busyCard.id, site.cursors[turn++ % site.cursors.length]), headers: { cookie: site.cookie } });
}

function nextPurchase(site) {
  return () => {
    site.bills += 1;
    const billNumber = `BENCH-${suffix}-${site.bills}`;
    return {
      method: 'POST',
      path: '/integration/v1/purchases',
      body: { cardNumber: site.numbers[site.bills % site.numbers.length], amount: 25_000, billNumber },
      headers: { authorization: `Bearer ${site.key}`, 'idempotency-key': billNumber },
    };
  };
}

function printLatencies(title, sites, results) {
  console.log(`  ${title}`);
  for (const [index, site] of sites.entries()) {
    const { p50, p99, p99s } = results[index];
    console.log(`    ${site.label.padEnd(30)} p50 ${p50.toFixed(1).padStart(5)} ms   p99 ${p99.toFixed(1).padStart(5)} ms   rounds ${p99s.join(' / ')}`);
  }
  const growth = ratio(results[1].p99, results[0].p99);
  console.log(`    p99 ratio, large to small ${verdictAtMost(growth, SCALE_TARGET)}`);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  if (failed > 0) console.log(`    ${failed} requests failed; the latencies count only what was answered.`);
  return growth <= SCALE_TARGET && failed === 0;
}

/** History pages and purchases against a small and a large ledger in turn. */
async function ledgerAtScale() {
  console.log(`\nHistory and purchases at scale: ${count(SMALL_LEDGER)} and ${count(ledgerRows)} journal entries (each an earn or a spend with its postings and lot), made in the database`);
  const small = await ledgerSite(smallLedgerDatabase, SMALL_LEDGER);
  const large = await ledgerSite(largeLedgerDatabase, ledgerRows);
  const sites = [small, large];
  console.log(`  ${LATENCY_ROUNDS} alternating rounds of ${LATENCY_ROUND_S} s at a fixed rate after a ${WARM_UP_S} s warm-up; medians`);
  const history = await alternateLatency(sites, nextHistoryPage, HISTORY_RATE);
  const historyPassed = printLatencies(
    `GET /api/v2/cards/{id}/transactions, pages 1–${HISTORY_PAGES} by cursor of a card with ${count(small.busyEntries)} / ${count(large.busyEntries)} entries, ${HISTORY_RATE} req/s`,
    sites,
    history,
  );
  const purchases = await alternateLatency(sites, nextPurchase, PURCHASE_RATE);
  const purchasesPassed = printLatencies(`POST /integration/v1/purchases over ${CONNECTIONS} cards (the busy one among them), ${PURCHASE_RATE} req/s`, sites, purchases);
  await Promise.all(sites.map((site) => stop(site.child)));
  return historyPassed && purchasesPassed;
}

async function main() {
  await admin(`create database ${appDatabase}`);
  await admin(`create database ${pgbenchDatabase}`);
  const server = await startKartu(appDatabase);
  const cachedPassed = parts.has('cached') ? await cachedReads(server.port) : true;
  const catalogPassed = parts.has('catalog') ? await catalogReads(server.port) : true;
  const uncachedPassed = parts.has('uncached') ? await uncachedReads(server.port) : true;
  const writesPassed = parts.has('writes') ? await ledgerWrites(server) : true;
  await stop(server.child);
  const scalePassed = ledgerRows > 0 && parts.has('scale') ? await ledgerAtScale() : true;
  return cachedPassed && catalogPassed && uncachedPassed && writesPassed && scalePassed;
}

async function cleanUp() {
  await stopAll();
  for (const name of databases) await admin(`drop database if exists ${name} with (force)`).catch((error) => console.error(`Could not drop ${name}: ${error.message}`));
  rmSync(scratchDir, { recursive: true, force: true });
}

await runBenchmark(main, { limitMs: OVERALL_LIMIT_MS, cleanUp });
