// Chaos run (bench/README.md): no point is lost or counted twice when an instance dies. Two
// instances of the compiled server share one fresh PostgreSQL database and Redis behind a small
// proxy; fifty members and a till make thousands of ledger writes, each with an idempotency key;
// midway one instance is killed with SIGKILL and started again; then the books are checked
// straight in the database. Needs DATABASE_URL naming a PostgreSQL server on this machine.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { adminQuery, createApiKey, databaseUrl, freePort, localPostgresServer, root, runBenchmark, runKartu, start, stopAll, waitUntilListening } from './support.mjs';
import { checkLedger } from './chaos/ledger-checks.mjs';
import { enrolMembers, pointsProgramId } from './chaos/members.mjs';
import { newLedgerModel, perform, planOperation } from './chaos/operations.mjs';
import { startProxy } from './chaos/proxy.mjs';

const MEMBERS = 50;
const IN_FLIGHT = 16;
const KILL_AT = 0.4;
const RESTART_AFTER_MS = 3000;
// Operations from this share on wait for the killed instance to be back, so that even a short run
// sends some of them to it again.
const BACK_BY = 0.75;
const OVERALL_LIMIT_MS = 10 * 60 * 1000;

const { values: options } = parseArgs({ options: { operations: { type: 'string', default: '5000' }, 'skip-build': { type: 'boolean', default: false } } });
const operationCount = Number(options.operations);
if (!Number.isInteger(operationCount) || operationCount < 20) {
  console.error('--operations takes a whole number, at least 20.');
  process.exit(2);
}
const serverUrl = localPostgresServer('bench:chaos');
const runId = randomBytes(4).toString('hex');
const appDatabase = `kartu_chaos_${runId}`;
const appDatabaseUrl = databaseUrl(serverUrl, appDatabase);
const startedAt = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let proxy;

function buildServer() {
  const built = spawnSync('npm', ['run', 'build', '-w', '@kartu/server'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build -w @kartu/server failed');
}

/** REDIS_URL, else the local Redis when one answers on its usual port. */
async function redisUrl() {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const answers = await new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    socket.setTimeout(1000, () => socket.destroy());
    socket.once('close', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(String(data).startsWith('+PONG'));
      socket.end();
    });
  });
  return answers ? 'redis://127.0.0.1:6379' : undefined;
}

function instanceEnv({ port, migrate, redis, codeSecret }) {
  const unlimited = '100000000';
  return {
    DATABASE_URL: appDatabaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    MIGRATE_ON_START: String(migrate),
    // Two instances and no shared disk: the pictures live in the database they share.
    FILE_STORAGE: 'database',
    // One secret for both: a code sent by one instance is checked by the other.
    CODE_SECRET: codeSecret,
    ...(redis && { REDIS_URL: redis }),
    // The limits protect production from abuse; here they would refuse the run's own load.
    RATE_LIMIT_PER_MINUTE: unlimited,
    SESSION_RATE_LIMIT_PER_MINUTE: unlimited,
    INTEGRATION_RATE_LIMIT_PER_MINUTE: unlimited,
    AUTH_RATE_LIMIT_PER_MINUTE: unlimited,
    AUTH_IDENTIFIER_RATE_LIMIT_PER_MINUTE: unlimited,
  };
}

async function startInstance(instance, { migrate }) {
  instance.child = start(process.execPath, ['apps/server/dist/main.js'], instanceEnv({ ...instance.settings, port: instance.port, migrate }));
  await waitUntilListening(instance.port, instance.child, `Instance ${instance.name}`);
}

function kill(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGKILL');
  });
}

/** Kills the instance midway and starts it again; every moment is noted with the operations started by then. */
function chaosPlan({ instance, upstream, progress }) {
  const timeline = { waitedMs: 0 };
  const mark = () => ({ operation: progress.started, at: Date.now() - progress.since });
  let back;
  async function killAndRestart() {
    timeline.killed = mark();
    await kill(instance.child);
    await sleep(RESTART_AFTER_MS);
    timeline.restarting = mark();
    await startInstance(instance, { migrate: false });
    timeline.ready = mark();
    timeline.answeredBefore = upstream.answered;
  }
  return {
    timeline,
    async beforeOperation(index) {
      if (index === Math.floor(operationCount * KILL_AT)) {
        back = killAndRestart();
        // Whoever waits for it sees a failed restart; until then it must not end the process unhandled.
        back.catch(() => {});
      }
      if (back && index >= Math.floor(operationCount * BACK_BY)) {
        const waiting = Date.now();
        await back;
        timeline.waitedMs = Math.max(timeline.waitedMs, Date.now() - waiting);
      }
    },
    finished: () => back,
  };
}

async function runOperations({ port, model, tillKey, chaos, progress }) {
  const operations = [];
  const worker = async () => {
    while (progress.started < operationCount) {
      const index = progress.started;
      progress.started += 1;
      await chaos.beforeOperation(index);
      const operation = planOperation(model, index, operationCount, tillKey);
      operations.push(operation);
      await perform(port, model, operation);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await chaos.finished();
  return operations;
}

const tally = (values) => [...values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map())].map(([value, count]) => `${value} ${count}`).join(', ');

function printOperations(operations, { lost, duplicated }) {
  const count = (predicate) => operations.filter(predicate).length;
  const refused = operations.filter((operation) => operation.outcome === 'refused');
  const retried = operations.filter((operation) => operation.failures.length > 0);
  const serverErrors = operations.reduce((sum, operation) => sum + operation.serverErrors, 0);
  const row = (label, value, note = '') => console.log(`  ${label.padEnd(14)} ${String(value).padStart(6)}${note && `   ${note}`}`);
  console.log('\nOperations');
  row('tried', operations.length);
  row('acknowledged', count((operation) => operation.outcome === 'acknowledged'));
  row('refused', refused.length, refused.length > 0 ? `by business rules: ${tally(refused.map((operation) => `${operation.answer.status} ${operation.answer.body?.code}`))}` : '');
  row('retried', retried.length, retried.length > 0 ? `same key again after: ${tally(retried.flatMap((operation) => operation.failures))}` : '');
  if (retried.length > 0) {
    const replayed = count((operation) => operation.failures.length > 0 && operation.answer?.replayed);
    console.log(`  ${''.padEnd(21)}   ${replayed} of them answered with the stored answer of an attempt that had gone through`);
  }
  row('re-sent', count((operation) => operation.resend), 'acknowledged or refused, sent once more on purpose');
  row('lost', lost.length);
  row('duplicated', duplicated.length);
  row('server errors', serverErrors, '5xx answered by an instance (not a broken connection)');
  const kinds = [...new Set(operations.map((operation) => operation.kind))];
  const ofKind = (kind, outcome) => count((operation) => operation.kind === kind && (!outcome || operation.outcome === outcome));
  console.log(`  by kind: ${kinds.map((kind) => `${kind} ${ofKind(kind)} (${ofKind(kind, 'acknowledged')} acknowledged)`).join(', ')}`);
  return serverErrors;
}

function printChecks(checks) {
  console.log('\nChecks');
  for (const { name, passed, problems, detail } of checks) {
    console.log(`  ${passed ? 'PASS' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
    for (const problem of problems.slice(0, 10)) console.log(`       ${problem}`);
    if (problems.length > 10) console.log(`       … and ${problems.length - 10} more`);
  }
}

function printTimeline({ timeline, instance, upstream, stats, operationsMs }) {
  const at = ({ operation, at: ms }) => `op ${String(operation).padStart(5)} (${seconds(ms).padStart(7)})`;
  console.log('\nTimeline');
  console.log(`  ${at(timeline.killed)}  instance ${instance.name} killed with SIGKILL`);
  console.log(`  ${at(timeline.restarting)}  instance ${instance.name} starting again (MIGRATE_ON_START=false)`);
  console.log(`  ${at(timeline.ready)}  instance ${instance.name} ready, ${seconds(timeline.ready.at - timeline.killed.at)} after the kill; it answered ${upstream.answered - timeline.answeredBefore} requests after that`);
  if (timeline.waitedMs >= 100) console.log(`  operations from op ${Math.floor(operationCount * BACK_BY)} on waited ${seconds(timeline.waitedMs)} for it`);
  console.log(`  proxy: ${stats.passedOn} requests passed on after a refused connection, ${stats.broken} connections broken after sending (502 or cut), ${stats.unreachable} with no instance up`);
  console.log(`  operations took ${seconds(operationsMs)} (${Math.round(operationCount / (operationsMs / 1000))} a second); the whole run ${seconds(Date.now() - startedAt)}`);
}

async function main() {
  if (!options['skip-build']) buildServer();
  await adminQuery(serverUrl, `create database ${appDatabase}`);
  const redis = await redisUrl();
  const settings = { redis, codeSecret: randomBytes(32).toString('base64url') };
  const instances = [];
  for (const name of ['a', 'b']) instances.push({ name, port: await freePort(), settings });
  console.log(`Chaos run ${runId}: ${operationCount} operations, ${IN_FLIGHT} in flight, ${MEMBERS} members; database ${appDatabase}; ${redis ? `Redis at ${redis}` : 'no Redis answered: each instance counts and relays on its own'}`);
  // The first instance migrates and seeds the empty database; the second finds it ready.
  await startInstance(instances[0], { migrate: true });
  await startInstance(instances[1], { migrate: false });
  proxy = await startProxy(instances);
  console.log(`Instances a (127.0.0.1:${instances[0].port}) and b (127.0.0.1:${instances[1].port}) behind the proxy on 127.0.0.1:${proxy.port}`);

  const kartu = [process.execPath, ['apps/server/dist/kartu.js']];
  const kartuEnv = { databaseUrl: appDatabaseUrl, env: redis ? { REDIS_URL: redis } : {} };
  const tillKey = createApiKey(kartu, { ...kartuEnv, name: 'Chaos till' });
  // The demo opens point transfers from Silver only; the run's new members transfer from the start.
  const opened = runKartu(kartu, ['features', 'unlock', '--merchant', 'KOPISENJA', '--feature', 'transfer-point'], kartuEnv);
  if (opened.status !== 0 && !/was not locked/.test(opened.stderr)) throw new Error(`kartu features unlock failed: ${opened.stderr}`);
  const programId = await pointsProgramId(proxy.port, tillKey);
  const pin = String(randomInt(100_000, 1_000_000));
  const members = await enrolMembers(proxy.port, { count: MEMBERS, pin, tillKey, programId, runId });
  console.log(`${members.length} members signed up through codes and PINs, each with a card of the points program and a welcome reward to claim`);

  const model = newLedgerModel({ runId, pin, members });
  const progress = { started: 0, since: Date.now() };
  const [victim] = instances;
  const chaos = chaosPlan({ instance: victim, upstream: proxy.upstreams[0], progress });
  const operations = await runOperations({ port: proxy.port, model, tillKey, chaos, progress });
  const operationsMs = Date.now() - progress.since;

  const stopped = instances.filter((instance) => instance.child.exitCode !== null || instance.child.signalCode !== null);
  for (const instance of stopped) console.error(`Instance ${instance.name} stopped by itself:\n${instance.child.output()}`);
  const { checks, lost, duplicated } = await checkLedger(appDatabaseUrl, { operations, model });
  const serverErrors = printOperations(operations, { lost, duplicated });
  printChecks(checks);
  printTimeline({ timeline: chaos.timeline, instance: victim, upstream: proxy.upstreams[0], stats: proxy.stats, operationsMs });
  const backInService = proxy.upstreams[0].answered > chaos.timeline.answeredBefore;
  if (!backInService) console.log('  The restarted instance answered nothing: the run did not reach it again.');
  const passed = checks.every((result) => result.passed) && lost.length === 0 && duplicated.length === 0 && serverErrors === 0 && stopped.length === 0 && backInService;
  console.log(`\n${passed ? 'PASS' : 'FAIL'}: ${passed ? 'every point kept through the kill' : 'see above'}`);
  return passed;
}

async function cleanUp() {
  await proxy?.close();
  await stopAll();
  await adminQuery(serverUrl, `drop database if exists ${appDatabase} with (force)`).catch((error) => console.error(`Could not drop ${appDatabase}: ${error.message}`));
}

await runBenchmark(main, { limitMs: OVERALL_LIMIT_MS, cleanUp });
