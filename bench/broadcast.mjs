// Broadcast run (bench/README.md): a merchant's message to every one of 100,000 members, written by
// the server's job worker page by page, with the server killed (SIGKILL) midway and started again.
// Then, straight in the database: every member has the message exactly once, and the broadcast's
// count says so. Prints messages per second and the total time. Needs DATABASE_URL naming a
// PostgreSQL server on this machine; creates and drops its own database.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createMembers } from './bulk-data.mjs';
import { adminQuery, call, createApiKey, databaseUrl, expectOk, freePort, localPostgresServer, runBenchmark, start, stopAll, waitUntilListening, withTsx } from './support.mjs';

// The server is killed once the broadcast has reached this share of the members.
const KILL_AT = 0.4;
const POLL_MS = 100;
const OVERALL_LIMIT_MS = 20 * 60 * 1000;

const { values: options } = parseArgs({ options: { members: { type: 'string', default: '100000' } } });
const memberCount = Number(options.members);
if (!Number.isInteger(memberCount) || memberCount < 1000) {
  console.error('--members takes a whole number, at least 1000.');
  process.exit(2);
}
const serverUrl = localPostgresServer('bench:broadcast');
const appDatabase = `kartu_broadcast_${randomBytes(4).toString('hex')}`;
const appDatabaseUrl = databaseUrl(serverUrl, appDatabase);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const count = (value) => Number(value).toLocaleString('en-US');

async function withDatabase(use) {
  const client = new pg.Client({ connectionString: appDatabaseUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The app from source over the benchmark's database; its job worker is the one that writes the broadcast. */
async function startKartu(port, label) {
  const [node, args] = withTsx('apps/server/src/main.ts');
  const child = start(node, args, {
    DATABASE_URL: appDatabaseUrl,
    REDIS_URL: undefined,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    INTEGRATION_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  await waitUntilListening(port, child, label);
  return child;
}

async function progress(port, key, id) {
  const answer = await expectOk(call(port, 'GET', `/integration/v1/broadcasts/${id}`, { headers: { authorization: `Bearer ${key}` } }), 'broadcast progress');
  return answer.json().data;
}

/** Polls the broadcast until `until` holds of its progress, or the server answers no more. */
async function follow(port, key, id, until) {
  for (;;) {
    const current = await progress(port, key, id);
    if (until(current)) return current;
    await sleep(POLL_MS);
  }
}

/** Every member of the merchant has the broadcast's message exactly once, and its count says how many. */
async function check(client, { merchantId, id }) {
  const { rows: [figures] } = await client.query(
    `select
       (select count(distinct owner_user_id) from cards where merchant_id = $1 and owner_user_id is not null) as audience,
       (select count(*) from inbox_messages where broadcast_id = $2) as messages,
       (select count(distinct user_id) from inbox_messages where broadcast_id = $2) as members,
       (select count(*) from (select distinct owner_user_id from cards where merchant_id = $1 and owner_user_id is not null) holder
          where not exists (select 1 from inbox_messages message where message.broadcast_id = $2 and message.user_id = holder.owner_user_id)) as missed,
       (select sent from broadcasts where id = $2) as sent`,
    [merchantId, id],
  );
  return Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, Number(value)]));
}

async function main() {
  await adminQuery(serverUrl, `create database ${appDatabase}`);
  const port = await freePort();
  console.log(`Starting Kartu on 127.0.0.1:${port} over the fresh database ${appDatabase}…`);
  let server = await startKartu(port, 'The Kartu server');

  const made = performance.now();
  const { merchantId } = await withDatabase(async (client) => {
    const result = await createMembers(client, { count: memberCount });
    await client.query('vacuum (analyze) users, cards');
    return result;
  });
  console.log(`${count(memberCount)} members with their cards written in ${seconds(performance.now() - made)}`);
  const key = createApiKey(withTsx('apps/server/src/cli/kartu.ts'), { databaseUrl: appDatabaseUrl, name: 'Benchmark' });

  const sent = performance.now();
  const queued = await call(port, 'POST', '/integration/v1/broadcasts', {
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': `broadcast-${appDatabase}` },
    body: { audience: { kind: 'everyone' }, title: 'Weekend promo: double points', text: 'Double points on every Kopi Susu this Saturday and Sunday.', link: '/cards' },
  });
  if (queued.status !== 202) throw new Error(`POST /integration/v1/broadcasts answered ${queued.status}: ${queued.text}`);
  const { id } = queued.json().data;
  // The bulk members and the demo's own.
  const { audience } = await withDatabase((client) => check(client, { merchantId, id }));

  const beforeKill = await follow(port, key, id, (current) => current.sent >= KILL_AT * audience || current.status === 'done');
  if (beforeKill.status === 'done') throw new Error('The broadcast was done before the server could be killed: raise --members');
  const killedAt = performance.now();
  await new Promise((resolve) => {
    server.once('exit', resolve);
    server.kill('SIGKILL');
  });
  const atKill = (await withDatabase((client) => check(client, { merchantId, id }))).messages;
  console.log(`Killed the server (SIGKILL) after ${seconds(killedAt - sent)}, with ${count(atKill)} of ${count(audience)} messages committed`);

  server = await startKartu(port, 'The restarted Kartu server');
  const restartedAt = performance.now();
  await follow(port, key, id, (current) => current.sent > atKill || current.status === 'done');
  const resumedAt = performance.now();
  console.log(`Started again in ${seconds(restartedAt - killedAt)}; the broadcast went on ${seconds(resumedAt - restartedAt)} later (a page's job takes over from a run that died)`);
  const done = await follow(port, key, id, (current) => current.status === 'done');
  const finishedAt = performance.now();

  const figures = await withDatabase((client) => check(client, { merchantId, id }));
  const writing = killedAt - sent + (finishedAt - resumedAt);
  console.log(`\nBroadcast to everyone: ${count(figures.audience)} members`);
  console.log(`  messages written          ${count(figures.messages)} (sent ${count(done.sent)}), to ${count(figures.members)} members; ${count(figures.missed)} missed, ${count(figures.messages - figures.members)} twice`);
  console.log(`  messages per second       ${count(Math.round(figures.messages / (writing / 1000)))} while a worker was writing (${seconds(writing)})`);
  console.log(`  total time                ${seconds(finishedAt - sent)}, from the request to done, the kill and restart included (${count(Math.round(figures.messages / ((finishedAt - sent) / 1000)))} messages per second)`);
  const passed = figures.messages === figures.audience && figures.members === figures.audience && figures.missed === 0 && figures.sent === figures.messages && done.status === 'done';
  console.log(passed ? '  every member has the message exactly once: PASS' : '  some member has no message, or more than one: FAIL');
  return passed;
}

async function cleanUp() {
  await stopAll();
  await adminQuery(serverUrl, `drop database if exists ${appDatabase} with (force)`).catch((error) => console.error(`Could not drop ${appDatabase}: ${error.message}`));
}

await runBenchmark(main, { limitMs: OVERALL_LIMIT_MS, cleanUp });
