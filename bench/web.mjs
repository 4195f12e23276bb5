// The first load as a new visitor and a returning member meet it, in a real browser
// (bench/README.md): builds the web app, starts Kartu on a fresh embedded database with the demo
// data, reads what the landing page and a demo member's wallet send and draw (first-load-facts.mjs),
// then runs Lighthouse (mobile, simulated throttling, the CPU slowdown calibrated to this machine)
// on Debian's Chromium three times on each. Prints every figure and exits non-zero on a miss.
//   node bench/web.mjs [--skip-build] [--runs N] [--json FILE] [--long-tasks] [--cpu-slowdown N] [--gate]
// What a page sends and draws (compressed bytes, requests before the largest paint, the page drawn
// by the server, accessibility) fails the run whatever the machine. The timing budgets fail it too,
// except with --gate, which CI passes: then only a gross slowdown does (performance under 90 or LCP
// over 2.5 s), since how busy a machine is moves the timings and never the bytes.
// --long-tasks prints each run's main-thread tasks over 50 ms (as throttled), with the script each
// ran, which is where the total blocking time comes from. --cpu-slowdown N slows the CPU N×
// instead of calibrating it (a fast machine then measures what a slower one would).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import puppeteer from 'puppeteer-core';
import chromiumArgs from '../e2e/chromium-args.json' with { type: 'json' };
import { firstLoadFacts } from './first-load-facts.mjs';
import { freePort, median, root, runBenchmark, signIn, start, stopAll, waitUntilListening, withTsx } from './support.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const RUNS = Number(option('--runs') ?? 3);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = ['--headless=new', ...chromiumArgs];
const OVERALL_LIMIT_MS = 10 * 60 * 1000;

const GATE = args.includes('--gate');

// What each page may send before it is idle (compressed) and how many requests its largest paint
// may wait for; the timing budgets are the same for both pages.
const budgets = {
  landing: { scriptKb: 90, cssKb: 9, requestsBeforeLcp: 5, accessibility: 100, performance: 98, lcpMs: 1500, tbtMs: 100, cls: 0 },
  wallet: { scriptKb: 140, cssKb: 8, requestsBeforeLcp: 4, accessibility: 100, performance: 98, lcpMs: 1500, tbtMs: 100, cls: 0 },
};
// A slowdown no busy machine explains: what --gate still fails on.
const gross = { performance: 90, lcpMs: 2500 };

function figuresOf(lhr) {
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
    fcpMs: lhr.audits['first-contentful-paint'].numericValue,
    tbtMs: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    requests: lhr.audits['network-requests'].details.items.length,
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({ url: task.url, startMs: Math.round(task.startTime), durationMs: Math.round(task.duration) })),
    // The accessibility audits that did not pass, so a score below 100 says what to fix.
    accessibilityFailures: lhr.categories.accessibility.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => audit.id),
  };
}

/**
 * Lighthouse's CPU slowdown for this machine. Its default, 4×, is meant to turn a high-end desktop
 * (a benchmark index of 1,500 to 2,000) into a mid-tier phone, so the phone it stands for scores
 * about 1,750 / 4. On a slower machine 4× stands for a slower phone than that: Lighthouse's
 * throttling guide asks to calibrate the slowdown from the machine's benchmark index then, and
 * this does, with Lighthouse's own benchmark, run in this browser before the measured loads.
 * Never more than the default: a faster machine is measured as Lighthouse measures it.
 */
const MID_TIER_PHONE_INDEX = 1750 / 4;
const DEFAULT_CPU_SLOWDOWN = 4;

async function cpuSlowdown(browser) {
  const page = await browser.newPage();
  const readings = [];
  for (let reading = 0; reading < 3; reading += 1) readings.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
  await page.close();
  const benchmarkIndex = median(readings);
  const forced = option('--cpu-slowdown');
  if (forced !== undefined) {
    const multiplier = Number(forced);
    if (!Number.isFinite(multiplier) || multiplier < 1) throw new Error(`--cpu-slowdown takes a number of 1 or more, not ${forced}`);
    return { benchmarkIndex, multiplier, forced: true };
  }
  return { benchmarkIndex, multiplier: Math.min(DEFAULT_CPU_SLOWDOWN, Math.max(1, Math.round((benchmarkIndex / MID_TIER_PHONE_INDEX) * 10) / 10)) };
}

async function measure(browser, url, prepare, cpu) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    const page = await browser.newPage();
    const flags = { ...(await prepare(page)), throttling: { cpuSlowdownMultiplier: cpu.multiplier } };
    let result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...flags }, undefined, page);
    // Chromium now and then loses a load's trace (NO_NAVSTART): that run is measured once more.
    if (result?.lhr?.runtimeError?.code === 'NO_NAVSTART') {
      await prepare(page);
      result = await lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...flags }, undefined, page);
    }
    if (!result?.lhr || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result?.lhr?.runtimeError?.message ?? 'no report'}`);
    const finalUrl = result.lhr.finalDisplayedUrl;
    if (new URL(finalUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${finalUrl}: the page under test was not the one measured`);
    if (result.lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpu.multiplier) throw new Error('Lighthouse did not take the CPU slowdown');
    runs.push(figuresOf(result.lhr));
    await page.close();
  }
  const keys = Object.keys(runs[0]).filter((key) => typeof runs[0][key] === 'number');
  return { median: Object.fromEntries(keys.map((key) => [key, median(runs.map((figures) => figures[key]))])), runs };
}

const kb = (value) => `${value.toFixed(1)} KB`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

// What a page sends and draws: the same on any machine, so always a failure when missed.
const sent = [
  ['scriptKb', (facts, budget) => facts.scriptKb <= budget.scriptKb, (budget) => `≤ ${budget.scriptKb} KB`, (facts) => kb(facts.scriptKb)],
  ['cssKb', (facts, budget) => facts.cssKb <= budget.cssKb, (budget) => `≤ ${budget.cssKb} KB`, (facts) => kb(facts.cssKb)],
  ['requestsBeforeLcp', (facts, budget) => facts.requestsBeforeLcp <= budget.requestsBeforeLcp, (budget) => `≤ ${budget.requestsBeforeLcp}`, (facts) => String(facts.requestsBeforeLcp)],
  ['lcpImageInHtml', (facts) => facts.lcpImageInFirstHtml, () => 'yes', (facts) => (facts.lcp.url ? (facts.lcpImageInFirstHtml ? 'yes' : 'no') : 'text')],
  ['drawnByServer', (facts) => facts.drawnByServer, () => 'yes', (facts) => (facts.drawnByServer ? 'yes' : 'no')],
];
// Lighthouse's medians: accessibility is deterministic; the timings move with the machine.
const measured = [
  ['accessibility', (value, budget) => value >= budget.accessibility, (budget) => `≥ ${budget.accessibility}`, String, 'always'],
  ['performance', (value, budget) => value >= budget.performance, (budget) => `≥ ${budget.performance}`, String, 'timing'],
  ['lcpMs', (value, budget) => value <= budget.lcpMs, (budget) => `≤ ${budget.lcpMs} ms`, seconds, 'timing'],
  ['tbtMs', (value, budget) => value <= budget.tbtMs, (budget) => `≤ ${budget.tbtMs} ms`, (value) => `${Math.round(value)} ms`, 'timing'],
  ['cls', (value, budget) => value <= budget.cls, (budget) => `= ${budget.cls}`, (value) => value.toFixed(3), 'timing'],
  ['performance', (value) => value >= gross.performance, () => `≥ ${gross.performance}`, String, 'gross'],
  ['lcpMs', (value) => value <= gross.lcpMs, () => `≤ ${gross.lcpMs} ms`, seconds, 'gross'],
];

const line = (key, value, limit, verdict, rest = '') => console.log(`  ${key.padEnd(18)} ${value.padStart(9)}   ${limit ? `budget ${limit.padEnd(10)}` : ''.padEnd(17)} ${verdict.padEnd(12)} ${rest}`);

function report(name, facts, { median: figures, runs }, budget) {
  console.log(`\n${name}: what it sends and draws`);
  let passed = true;
  for (const [key, check, describe, show] of sent) {
    const ok = check(facts, budget);
    passed &&= ok;
    line(key, show(facts), describe(budget), ok ? 'PASS' : 'MISS');
  }
  line('script later', kb(facts.laterScriptKb), '', '', '(fetched once the page is idle, not counted)');
  line('css later', kb(facts.laterCssKb), '', '', '(fetched once the page is idle, not counted)');
  console.log(`  before the largest paint: ${facts.beforeLcp.join(', ')}; it paints ${facts.lcp.url ?? `text (${facts.lcp.selector.split(' > ').pop()})`}`);
  console.log(`${name}: Lighthouse, median of ${runs.length}`);
  for (const [key, check, describe, show, kind] of measured) {
    if (kind === 'gross' && !GATE) continue;
    const ok = check(figures[key], budget);
    const counts = kind === 'always' || (kind === 'timing' && !GATE) || (kind === 'gross' && GATE);
    if (counts) passed &&= ok;
    const verdict = ok ? 'PASS' : counts ? 'MISS' : 'miss (timing)';
    line(kind === 'gross' ? `${key} (gross)` : key, show(figures[key]), describe(budget), verdict, `runs ${runs.map((run) => show(run[key])).join(' / ')}`);
  }
  line('fcpMs', seconds(figures.fcpMs), '', '');
  line('requests', String(figures.requests), '', '');
  if (args.includes('--long-tasks')) {
    runs.forEach((run, index) => {
      const tasks = run.longTasks.map((task) => `${task.durationMs} ms at ${task.startMs} ms (${task.url.replace(/^https?:\/\/[^/]+/, '')})`);
      console.log(`  long tasks, run ${index + 1}: ${tasks.join('; ') || 'none'}`);
    });
  }
  const failures = [...new Set(runs.flatMap((run) => run.accessibilityFailures))];
  if (failures.length > 0) console.log(`  accessibility audits not passed: ${failures.join(', ')}`);
  return passed;
}

async function main() {
  if (!args.includes('--skip-build')) {
    console.log('Building the web app…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'kartu-bench-web-'));
  try {
    const port = await freePort();
    const server = start(...withTsx('apps/server/src/main.ts'), {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    });
    console.log(`Starting Kartu on 127.0.0.1:${port} over a fresh embedded database…`);
    await waitUntilListening(port, server, 'The Kartu server');
    const origin = `http://localhost:${port}`;
    const member = await signIn(port);

    const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true });
    try {
      const cpu = await cpuSlowdown(browser);
      const stands = cpu.forced ? `as asked; at 4× that is a machine of index ${Math.round((cpu.benchmarkIndex * 4) / cpu.multiplier)}` : 'a mid-tier phone';
      console.log(`This machine's benchmark index is ${Math.round(cpu.benchmarkIndex)}: the CPU is slowed ${cpu.multiplier}× (${stands})`);
      const visitor = async () => ({});
      console.log(`What ${origin}/ sends and draws, then Lighthouse ${RUNS}× on it…`);
      const landingFacts = await firstLoadFacts(browser, `${origin}/`, visitor);
      const landing = await measure(browser, `${origin}/`, visitor, cpu);
      // A returning member: the browser keeps the session cookie and the app's storage, as a phone
      // would, but no cached files (every run starts with an empty HTTP cache).
      const returningMember = async (page) => {
        await page.goto(`${origin}/favicon.svg`);
        await page.evaluate((deviceId, session) => {
          localStorage.clear();
          localStorage.setItem('kartu.device-id', deviceId);
          localStorage.setItem('kartu.session', JSON.stringify(session));
        }, member.deviceId, { user: member.answer.user, loginType: member.answer.loginType });
        const [name, value] = member.cookie.split(';')[0].split('=');
        await browser.setCookie({ name, value, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' });
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        return { disableStorageReset: true };
      };
      console.log(`What ${origin}/cards sends and draws as the demo member, then Lighthouse ${RUNS}× on it…`);
      const walletFacts = await firstLoadFacts(browser, `${origin}/cards`, returningMember);
      const wallet = await measure(browser, `${origin}/cards`, returningMember, cpu);
      const jsonFile = option('--json');
      if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ cpu, landing: { facts: landingFacts, ...landing }, wallet: { facts: walletFacts, ...wallet } }, null, 2));
      if (GATE) console.log('\n--gate: the timing budgets are printed, and only a gross slowdown fails the run');
      const landingPassed = report('Landing page /', landingFacts, landing, budgets.landing);
      const walletPassed = report('Wallet /cards (signed in)', walletFacts, wallet, budgets.wallet);
      return landingPassed && walletPassed;
    } finally {
      await browser.close();
    }
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await runBenchmark(main, { limitMs: OVERALL_LIMIT_MS });
