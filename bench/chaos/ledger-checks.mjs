// What the chaos run checks straight in the database once the operations are done: the ledger's
// invariants, that every acknowledged operation is in the books exactly once (and no refused one
// is), and that every answer the run got is the one the server stored under its idempotency key.
import pg from 'pg';
import { expectedResend } from './operations.mjs';

/** The same JSON, whatever the order of object keys. */
function sameJson(left, right) {
  const canonical = (value) =>
    JSON.stringify(value, (_key, current) =>
      current && typeof current === 'object' && !Array.isArray(current) ? Object.fromEntries(Object.keys(current).sort().map((key) => [key, current[key]])) : current,
    );
  return canonical(left) === canonical(right);
}

const check = (name, problems, detail) => ({ name, passed: problems.length === 0, problems, detail });

async function balancedEntries(db) {
  const { rows } = await db.query(`
    select e.id, coalesce(sum(p.amount), 0)::text as total, count(p.id)::int as postings
    from journal_entries e left join postings p on p.entry_id = e.id
    group by e.id`);
  const problems = rows.filter((row) => row.total !== '0' || row.postings < 2).map((row) => `entry ${row.id}: ${row.postings} postings summing to ${row.total}`);
  return check("every journal entry's postings sum to zero", problems, `${rows.length} entries`);
}

async function memberWallets(db) {
  const { rows } = await db.query(`
    select a.id::text, a.card_id, a.balance::text,
      coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0)::text as posted,
      coalesce((select sum(l.remaining) from lots l where l.account_id = a.id), 0)::text as in_lots
    from ledger_accounts a where a.kind = 'member'`);
  return rows;
}

function walletChecks(wallets) {
  const overdrawn = wallets.filter((wallet) => BigInt(wallet.balance) < 0n).map((wallet) => `wallet ${wallet.id} holds ${wallet.balance}`);
  const unposted = wallets
    .filter((wallet) => wallet.balance !== wallet.posted || wallet.balance !== wallet.in_lots)
    .map((wallet) => `wallet ${wallet.id} stores ${wallet.balance}, its postings sum to ${wallet.posted}, its lots hold ${wallet.in_lots}`);
  return [
    check('no member wallet is below zero', overdrawn, `${wallets.length} wallets`),
    check("every wallet's stored balance equals the sum of its postings (and of its lots)", unposted, `${wallets.length} wallets`),
  ];
}

function modelCheck(wallets, model) {
  const byCard = new Map(wallets.map((wallet) => [wallet.card_id, BigInt(wallet.balance)]));
  const problems = model.members
    .filter((member) => (byCard.get(member.card.id) ?? 0n) !== BigInt(model.expected.get(member.card.id)))
    .map((member) => `card ${member.card.id}: ${byCard.get(member.card.id) ?? 0n} in the books, ${model.expected.get(member.card.id)} acknowledged`);
  return check("every card's balance is what its acknowledged operations add up to", problems, `${model.members.length} cards`);
}

/** The entries that touch the run's cards, with each one's movement per card. */
async function entriesOfRun(db, cardIds) {
  const { rows } = await db.query(
    `select e.id, e.kind, e.reference, e.description, e.metadata->>'rewardId' as reward_id, e.reverses_entry_id,
       json_object_agg(coalesce(a.card_id, a.kind), p.amount::text) as movements
     from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
     where e.id in (select p2.entry_id from postings p2 join ledger_accounts a2 on a2.id = p2.account_id where a2.card_id = any($1))
     group by e.id`,
    [cardIds],
  );
  return rows;
}

/** The entry an acknowledged operation made: found by what its answer names, or by what it carried. */
function entryOf(operation, entries) {
  const { kind, answer, member } = operation;
  if (kind === 'transfer') return entries.filter((entry) => entry.id === answer.body.transactionId);
  if (kind === 'claim') return entries.filter((entry) => entry.reward_id === member.reward.id);
  return entries.filter((entry) => entry.id === answer.body.entryId);
}

/** Whether the entry moved what the operation says, on the right cards. */
function movedAsTold(operation, entry) {
  const moved = (member) => Number(entry.movements[member.card.id] ?? 0);
  const { kind, body, answer, member } = operation;
  if (kind === 'purchase') return entry.kind === 'earn' && entry.reference === body.billNumber && moved(member) === answer.body.earned;
  if (kind === 'void') return entry.kind === 'reversal' && entry.reverses_entry_id === operation.bill.entryId && moved(member) === -operation.bill.earned;
  if (kind === 'bonus' || kind === 'redemption') return entry.kind === 'adjustment' && entry.description === body.reason && moved(member) === body.amount;
  if (kind === 'transfer') return entry.kind === 'transfer' && moved(member) === -body.amount && moved(operation.recipient) === body.amount;
  return entry.kind === 'earn' && moved(member) === member.reward.amount;
}

/** Entries a refused operation must not have made, found by what it carried. */
function traceOfRefused(operation, entries) {
  const { kind, body } = operation;
  if (kind === 'purchase') return entries.filter((entry) => entry.reference === body.billNumber);
  if (kind === 'void') return entries.filter((entry) => entry.reverses_entry_id === operation.bill.entryId);
  if (kind === 'bonus' || kind === 'redemption') return entries.filter((entry) => entry.description === body.reason);
  return [];
}

/** Exactly once: each acknowledged operation has one entry as told, refused ones none, and no entry is left over. */
function exactlyOnce(operations, entries) {
  const accounted = new Set();
  const lost = [];
  const duplicated = [];
  for (const operation of operations.filter((candidate) => candidate.outcome === 'acknowledged')) {
    const found = entryOf(operation, entries);
    found.forEach((entry) => accounted.add(entry.id));
    if (found.length === 0) lost.push(`${operation.kind} ${operation.key}: acknowledged, not in the books`);
    else if (!found.every((entry) => movedAsTold(operation, entry))) lost.push(`${operation.kind} ${operation.key}: its entry does not move what it says`);
    if (found.length > 1) duplicated.push(`${operation.kind} ${operation.key}: ${found.length} entries`);
  }
  for (const operation of operations.filter((candidate) => candidate.outcome === 'refused')) {
    if (traceOfRefused(operation, entries).length > 0) duplicated.push(`${operation.kind} ${operation.key}: refused, yet in the books`);
  }
  for (const entry of entries.filter((candidate) => !accounted.has(candidate.id))) duplicated.push(`entry ${entry.id} (${entry.kind}): no acknowledged operation made it`);
  const unanswered = operations.filter((operation) => operation.outcome === 'lost').map((operation) => `${operation.kind} ${operation.key}: no answer (${operation.failures.at(-1)})`);
  return { lost: [...unanswered, ...lost], duplicated };
}

/** The stored answer matches the one the client got: the same body, or for a refusal the same code and message. */
function matchesStored(answer, stored) {
  if (stored.status !== 'done' || stored.response_status !== answer.status) return false;
  if (answer.status < 300) return sameJson(stored.response_body, answer.body);
  return stored.response_body?.code === answer.body?.code && stored.response_body?.message === answer.body?.message;
}

async function answersCheck(db, operations, runId) {
  const { rows } = await db.query(`select scope, key, status, response_status, response_body from idempotency_keys where key like $1`, [`chaos-${runId}-%`]);
  const stored = new Map(rows.map((row) => [`${row.scope}|${row.key}`, row]));
  const problems = [];
  for (const operation of operations.filter((candidate) => candidate.answer && candidate.scope)) {
    const row = stored.get(`${operation.scope}|${operation.key}`);
    if (!row) problems.push(`${operation.kind} ${operation.key}: answered ${operation.answer.status}, nothing stored under its key`);
    else if (!matchesStored(operation.answer, row)) problems.push(`${operation.kind} ${operation.key}: answered ${operation.answer.status}, stored ${row.response_status}`);
  }
  for (const operation of operations.filter((candidate) => candidate.resend)) {
    const expected = expectedResend(operation);
    const { resend } = operation;
    const same = resend.status === expected.status && (operation.kind === 'claim' ? resend.body?.code === expected.body.code : sameJson(resend.body, expected.body));
    if (!same) problems.push(`${operation.kind} ${operation.key}: re-sent, answered ${resend.status ?? 'nothing'} instead of ${expected.status}`);
  }
  const retried = operations.filter((operation) => operation.failures.length > 0 && operation.answer).length;
  const resent = operations.filter((operation) => operation.resend).length;
  return check('every retry and every re-send got the first answer', problems, `${retried} retried, ${resent} re-sent on purpose`);
}

async function keysInFlight(db) {
  const { rows } = await db.query(`select scope, key from idempotency_keys where status = 'in_flight'`);
  return check('no idempotency key is left in flight', rows.map((row) => `${row.scope} ${row.key}`));
}

/** Every check, in the order they are printed, with the lost and duplicated operations found. */
export async function checkLedger(databaseUrl, { operations, model }) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const wallets = await memberWallets(db);
    const entries = await entriesOfRun(db, model.members.map((member) => member.card.id));
    const { lost, duplicated } = exactlyOnce(operations, entries);
    const checks = [
      await balancedEntries(db),
      ...walletChecks(wallets),
      modelCheck(wallets, model),
      check('every acknowledged operation was applied exactly once, and no refused one', [...lost, ...duplicated], `${entries.length} entries on the run's cards`),
      await answersCheck(db, operations, model.runId),
      await keysInFlight(db),
    ];
    return { checks, lost, duplicated };
  } finally {
    await db.end();
  }
}
