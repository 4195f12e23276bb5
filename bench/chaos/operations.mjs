// The chaos run's operations: what each one sends, how it is retried with its idempotency key until
// it gets an answer, and what each answer does to the balances the run expects.
import { call } from '../support.mjs';
import { proxyErrorHeader } from './proxy.mjs';

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_ATTEMPTS = 12;
const RESEND_SHARE = 0.05;
// The share of each kind of operation, claims aside (they follow the rewards left to claim).
const kindWeights = [
  ['purchase', 40],
  ['transfer', 22],
  ['redemption', 14],
  ['void', 10],
  ['bonus', 6],
];

const bearer = (token) => ({ authorization: `Bearer ${token}` });
const randomBetween = (low, high) => low + Math.floor(Math.random() * (high - low + 1));
const pick = (items) => items[Math.floor(Math.random() * items.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The books as the run expects them: a balance per card, the purchases a void may take back. */
export function newLedgerModel({ runId, pin, members }) {
  return { runId, pin, members, expected: new Map(members.map((member) => [member.card.id, 0])), voidable: [] };
}

/** An amount to spend from a card: mostly what it holds, sometimes more, so some are refused. */
function spendAmount(model, member, most) {
  const balance = model.expected.get(member.card.id);
  if (balance < 1 || Math.random() < 0.1) return randomBetween(balance + 1, balance + most);
  return randomBetween(1, Math.min(balance, most));
}

function purchase(model, index) {
  const member = pick(model.members);
  const billNumber = `CHAOS-${model.runId}-${index}`;
  const body = { cardNumber: member.card.number, amount: 1000 * randomBetween(5, 150), billNumber };
  return { kind: 'purchase', scope: 'integration.purchases', method: 'POST', path: '/integration/v1/purchases', body, till: true, member };
}

function voidPurchase(model, key) {
  const bill = model.voidable.splice(Math.floor(Math.random() * model.voidable.length), 1)[0];
  const path = `/integration/v1/purchases/${encodeURIComponent(bill.billNumber)}/void`;
  return { kind: 'void', scope: 'integration.purchases.void', method: 'POST', path, body: { reason: `Returned at the counter ${key}` }, till: true, member: bill.member, bill };
}

function adjustment(model, key, kind) {
  const member = pick(model.members);
  const amount = kind === 'bonus' ? randomBetween(1, 30) : -spendAmount(model, member, 80);
  const reason = kind === 'bonus' ? `Goodwill ${key}` : `Redeemed at the till ${key}`;
  const body = { cardNumber: member.card.number, amount, reason };
  return { kind, scope: 'integration.adjustments', method: 'POST', path: '/integration/v1/adjustments', body, till: true, member };
}

function transfer(model) {
  const member = pick(model.members);
  const recipient = pick(model.members.filter((other) => other !== member));
  const body = { phone: recipient.phone, countryCode: '62', amount: spendAmount(model, member, 40), pin: model.pin };
  const path = `/api/v2/cards/${member.card.id}/transfer`;
  return { kind: 'transfer', scope: `transfer:${member.userId}`, method: 'POST', path, body, headers: bearer(member.token), member, recipient };
}

/** A claim carries a key like every operation, though the reward itself is what the server claims once. */
function claim(model) {
  const member = pick(model.members.filter((candidate) => !candidate.rewardTaken));
  member.rewardTaken = true;
  const body = { rewardId: member.reward.id };
  return { kind: 'claim', scope: null, method: 'POST', path: '/api/my_vouchers/claim', body, headers: bearer(member.token), member };
}

function chooseKind(model, operationsLeft) {
  const unclaimed = model.members.filter((member) => !member.rewardTaken).length;
  // Claims spread over the whole run, however long it is.
  if (unclaimed > 0 && Math.random() < Math.min(0.5, (1.5 * unclaimed) / operationsLeft)) return 'claim';
  let roll = Math.random() * kindWeights.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of kindWeights) {
    roll -= weight;
    if (roll < 0) return kind === 'void' && model.voidable.length === 0 ? 'purchase' : kind;
  }
  return 'purchase';
}

/** The next operation of the run, with its own idempotency key. */
export function planOperation(model, index, total, tillKey) {
  const key = `chaos-${model.runId}-${index}`;
  const kind = chooseKind(model, total - index);
  const planned = {
    purchase: () => purchase(model, index),
    void: () => voidPurchase(model, key),
    bonus: () => adjustment(model, key, 'bonus'),
    redemption: () => adjustment(model, key, 'redemption'),
    transfer: () => transfer(model),
    claim: () => claim(model),
  }[kind]();
  const headers = planned.till ? bearer(tillKey) : planned.headers;
  return { ...planned, index, key, headers: { ...headers, 'idempotency-key': key }, attempts: 0, failures: [], serverErrors: 0 };
}

async function sendOnce(port, operation) {
  try {
    const response = await call(port, operation.method, operation.path, { body: operation.body, headers: operation.headers, timeoutMs: REQUEST_TIMEOUT_MS });
    let body;
    try {
      body = response.json();
    } catch {
      body = response.text;
    }
    return { status: response.status, body, replayed: response.headers['idempotent-replayed'] === 'true', proxyError: response.headers[proxyErrorHeader] };
  } catch (error) {
    return { connectionError: error.code ?? error.message };
  }
}

/** Why an attempt is tried again, or null when it is the operation's answer. */
function retryReason(attempt) {
  if (attempt.connectionError) return `connection ${attempt.connectionError}`;
  if (attempt.proxyError) return `proxy: ${attempt.proxyError}`;
  // The key is held by an attempt that is still running (or whose instance died a moment ago).
  if (attempt.status === 409 && attempt.body?.code === 'CONFLICT' && !attempt.replayed) return 'key in flight';
  if (attempt.status === 429) return 'rate limited';
  if (attempt.status >= 500) return `server error ${attempt.status}`;
  return null;
}

/** Sends until an answer comes, with the same key and body each time; undefined when none came. */
async function settle(port, operation) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    operation.attempts += 1;
    const result = await sendOnce(port, operation);
    const reason = retryReason(result);
    if (!reason) return result;
    operation.failures.push(reason);
    if (result.status >= 500 && !result.proxyError) operation.serverErrors += 1;
    await sleep(Math.min(2000, 100 * 2 ** (attempt - 1)) * (0.5 + Math.random()));
  }
  return undefined;
}

/** What an acknowledged operation moved, per card. */
function movements(operation) {
  const { kind, body, answer, member } = operation;
  if (kind === 'purchase') return [[member, answer.body.earned]];
  if (kind === 'void') return [[member, -operation.bill.earned]];
  if (kind === 'bonus' || kind === 'redemption') return [[member, body.amount]];
  if (kind === 'transfer') return [[member, -body.amount], [operation.recipient, body.amount]];
  return [[member, member.reward.amount]];
}

function outcomeOf(operation) {
  const { answer } = operation;
  if (!answer) return 'lost';
  if (answer.status >= 200 && answer.status < 300) return 'acknowledged';
  // A claim has no stored answer: after a broken attempt, "already claimed" is that attempt's doing.
  if (operation.kind === 'claim' && answer.body?.code === 'REWARD_ALREADY_CLAIMED' && operation.failures.length > 0) return 'acknowledged';
  return 'refused';
}

function record(model, operation) {
  operation.outcome = outcomeOf(operation);
  if (operation.outcome !== 'acknowledged') return;
  for (const [member, amount] of movements(operation)) model.expected.set(member.card.id, model.expected.get(member.card.id) + amount);
  if (operation.kind === 'purchase') model.voidable.push({ billNumber: operation.body.billNumber, member: operation.member, earned: operation.answer.body.earned, entryId: operation.answer.body.entryId });
}

/** What a second sending of an answered operation must get: its first answer (a claimed reward stays claimed). */
export function expectedResend(operation) {
  if (operation.kind === 'claim' && operation.outcome === 'acknowledged') return { status: 409, body: { code: 'REWARD_ALREADY_CLAIMED' } };
  return operation.answer;
}

/** Performs one operation to its answer, and now and then sends it once more to see it replayed. */
export async function perform(port, model, operation) {
  operation.answer = await settle(port, operation);
  record(model, operation);
  if (operation.answer && Math.random() < RESEND_SHARE) {
    operation.resend = (await settle(port, operation)) ?? { lost: true };
  }
}
