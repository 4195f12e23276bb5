// Members and ledger history made in bulk, straight in the database, for the benchmarks that need
// many of them: signing 10,000 members up through the API would spend minutes hashing PINs, and
// posting millions of entries one by one would take hours. The rows are the ones the app would
// write: members with a PIN and an active session each, cards of the demo member's programs, and
// balanced journal entries with their postings, lots and lot consumptions.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { demoMember } from './support.mjs';

const SESSION_DAYS = 30;
const SESSION_COOKIE = 'kartu_session';
// Every earn is a Rp 25.000 bill at the program's rate; every fourth entry of a card spends
// exactly one earlier earn, the oldest, as the app spends lots.
const BILL_AMOUNT = 25_000n;
const SPEND_EVERY = 4;
// History spreads over the last 330 days, so none of it has expired under a 365-day rule.
const HISTORY_DAYS = 330;
const BATCH_ENTRIES = 500_000;

const sha256 = (value) => createHash('sha256').update(value).digest('base64url');
const cardIdAlphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

function luhnCheckDigit(payload) {
  let sum = 0;
  for (let index = payload.length - 1, double = true; index >= 0; index -= 1, double = !double) {
    let digit = Number(payload[index]) * (double ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

function cardNumber() {
  const payload = `9${BigInt(`0x${randomBytes(8).toString('hex')}`).toString().padStart(14, '0').slice(-14)}`;
  return payload + luhnCheckDigit(payload);
}

function cardId() {
  return [...randomBytes(24)].map((byte) => cardIdAlphabet[byte % cardIdAlphabet.length]).join('');
}

/** The demo member's merchant, PIN hash and programs (newest card first), which every bulk member copies. */
async function demoTemplate(client) {
  const { rows: [member] } = await client.query('select id, merchant_id, pin_hash from users where phone = $1', [demoMember.e164]);
  if (!member) throw new Error('The demo member is missing: was the database seeded?');
  const { rows: programs } = await client.query(
    'select card.program_id as id, program.unit from cards card join programs program on program.id = card.program_id where card.owner_user_id = $1 order by card.created_at desc, card.id desc',
    [member.id],
  );
  return { merchantId: member.merchant_id, pinHash: member.pin_hash, programs };
}

function newMember(index, template, now) {
  const token = randomBytes(32).toString('base64url');
  return {
    userId: randomUUID(),
    phone: `+62899${String(index).padStart(7, '0')}`,
    token,
    cookie: `${SESSION_COOKIE}=${token}`,
    // The program of the demo member's newest card is the newest card here too.
    cards: template.programs.map((program, order) => ({ id: cardId(), number: cardNumber(), programId: program.id, unit: program.unit, createdAt: new Date(now.getTime() - order * 1000) })),
  };
}

async function insertMembers(client, members, template, now) {
  await client.query(
    `insert into users (id, masked_id, merchant_id, phone, name, country, language, pin_hash, pin_updated_at, created_at, updated_at)
     select id, masked_id, $3, phone, 'Member ' || right(phone, 7), 'ID', 'en', $4, $5, $5, $5
     from unnest($1::uuid[], $2::text[], $6::text[]) as member(id, masked_id, phone)`,
    [members.map((member) => member.userId), members.map(() => randomBytes(9).toString('base64url')), template.merchantId, template.pinHash, now, members.map((member) => member.phone)],
  );
  const cards = members.flatMap((member) => member.cards.map((card) => ({ ...card, userId: member.userId })));
  await client.query(
    `insert into cards (id, merchant_id, program_id, number, status, owner_user_id, created_at, updated_at)
     select id, $2, program_id, number, 'active', owner, created_at, created_at
     from unnest($1::text[], $3::uuid[], $4::text[], $5::uuid[], $6::timestamptz[]) as card(id, program_id, number, owner, created_at)`,
    [cards.map((card) => card.id), template.merchantId, cards.map((card) => card.programId), cards.map((card) => card.number), cards.map((card) => card.userId), cards.map((card) => card.createdAt)],
  );
  await client.query(
    `insert into sessions (token_hash, user_id, merchant_id, login_type, status, device_hash, created_at, last_seen_at, expires_at)
     select token_hash, user_id, $3, 'pin', 'active', device_hash, $4, $4, $4::timestamptz + make_interval(days => ${SESSION_DAYS})
     from unnest($1::text[], $2::uuid[], $5::text[]) as session(token_hash, user_id, device_hash)`,
    [members.map((member) => sha256(member.token)), members.map((member) => member.userId), template.merchantId, now, members.map(() => sha256(randomBytes(16).toString('base64url')))],
  );
}

/**
 * `count` members of the demo member's merchant, each holding a card of each of her programs and
 * signed in: every one has an active session whose token is in `cookie` (never to be printed).
 */
export async function createMembers(client, { count, now = new Date() }) {
  const template = await demoTemplate(client);
  const members = Array.from({ length: count }, (_, index) => newMember(index, template, now));
  await client.query('begin');
  try {
    for (let start = 0; start < count; start += 5000) await insertMembers(client, members.slice(start, start + 5000), template, now);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
  return { merchantId: template.merchantId, members };
}

/** The program's earn of one bill and how long its lots live; only the rules the demo programs use. */
async function programTerms(client, programId) {
  const { rows: [program] } = await client.query('select earn_rate_numerator, earn_rate_denominator, expiry_policy, expiry_days from programs where id = $1', [programId]);
  if (!['none', 'rolling-days'].includes(program.expiry_policy)) throw new Error(`Bulk history covers programs whose value never expires or expires after some days, not ${program.expiry_policy}`);
  const earned = (BILL_AMOUNT * BigInt(program.earn_rate_numerator)) / BigInt(program.earn_rate_denominator);
  return { earned: earned > 0n ? earned : 1n, lifetimeDays: program.expiry_policy === 'rolling-days' ? program.expiry_days : null };
}

async function merchantAccount(client, { merchantId, programId, kind }) {
  await client.query(`insert into ledger_accounts (merchant_id, kind, program_id) values ($1, $2, $3) on conflict do nothing`, [merchantId, kind, programId]);
  const { rows: [account] } = await client.query(`select id from ledger_accounts where merchant_id = $1 and program_id = $2 and kind = $3 and card_id is null`, [merchantId, programId, kind]);
  return account.id;
}

/**
 * Fresh wallets for the cards, with the merchant's accounts each program's entries post to, in
 * a temporary table: slot -1 is the busy card, 0… the others.
 */
async function prepareWallets(client, { merchantId, cards, busyCard, entries, busyEntries }) {
  const programs = new Map();
  for (const programId of new Set([...cards, busyCard].filter(Boolean).map((card) => card.programId))) {
    programs.set(programId, {
      ...(await programTerms(client, programId)),
      issuance: await merchantAccount(client, { merchantId, programId, kind: 'issuance' }),
      redemption: await merchantAccount(client, { merchantId, programId, kind: 'redemption' }),
    });
  }
  const others = entries - busyEntries;
  const slotted = [...(busyCard ? [{ slot: -1, card: busyCard, count: busyEntries }] : []), ...cards.map((card, slot) => ({ slot, card, count: Math.floor(others / cards.length) + (slot < others % cards.length ? 1 : 0) }))].filter(
    (wallet) => wallet.count > 0,
  );
  const { rows: accounts } = await client.query(
    `insert into ledger_accounts (merchant_id, kind, program_id, card_id)
     select $1, 'member', program_id, card_id from unnest($2::uuid[], $3::text[]) as wallet(program_id, card_id)
     returning id, card_id`,
    [merchantId, slotted.map((wallet) => wallet.card.programId), slotted.map((wallet) => wallet.card.id)],
  );
  const accountOf = new Map(accounts.map((row) => [row.card_id, row.id]));
  await client.query(`create temporary table bench_wallets (slot integer primary key, account_id bigint, program_id uuid, issuance_id bigint, redemption_id bigint, amount bigint, lifetime interval, entry_count bigint)`);
  const terms = (wallet) => programs.get(wallet.card.programId);
  await client.query(
    `insert into bench_wallets
     select slot, account_id, program_id, issuance_id, redemption_id, amount, lifetime_days * interval '24 hours', entry_count
     from unnest($1::integer[], $2::bigint[], $3::uuid[], $4::bigint[], $5::bigint[], $6::bigint[], $7::integer[], $8::bigint[])
       as wallet(slot, account_id, program_id, issuance_id, redemption_id, amount, lifetime_days, entry_count)`,
    [
      slotted.map((wallet) => wallet.slot),
      slotted.map((wallet) => accountOf.get(wallet.card.id)),
      slotted.map((wallet) => wallet.card.programId),
      slotted.map((wallet) => terms(wallet).issuance),
      slotted.map((wallet) => terms(wallet).redemption),
      slotted.map((wallet) => String(terms(wallet).earned)),
      slotted.map((wallet) => terms(wallet).lifetimeDays),
      slotted.map((wallet) => wallet.count),
    ],
  );
}

/*
 * Entry i of the whole history goes to the busy card when i is a multiple of `step`, else to the
 * other cards in turn; k is its position in its card's history. Position k spends when
 * k % SPEND_EVERY = SPEND_EVERY - 1, and the j-th spend of a card takes the whole lot of the j-th
 * earn of that card, the oldest one left, so an earn's lot is spent when its spend exists. The
 * spent earn's index is found by running the mapping backwards, so lots get ids derived from i.
 */
function entryPlan({ step, from, to, cards, salt, start, gap }) {
  const every = step > 0 ? step : 1;
  const other = (k) => `(${k} * ${cards} + s.slot)`;
  const otherIndex = (k) => (step > 0 ? `${other(k)} + ${other(k)} / ${step - 1} + 1` : other(k));
  return `
  with numbered as (
    select i, ${step > 0} and i % ${every} = 0 as busy, ${step > 0 ? `i - i / ${step} - 1` : 'i'} as o
    from generate_series(${from}::bigint, ${to - 1}::bigint) as i
  ), placed as (
    select i, case when busy then -1 else (o % ${cards})::integer end as slot,
      case when busy then i / ${every} else o / ${cards} end as k
    from numbered
  ), spent as (
    select *, k % ${SPEND_EVERY} = ${SPEND_EVERY - 1} as spends,
      (k / ${SPEND_EVERY}) + (k / ${SPEND_EVERY}) / ${SPEND_EVERY - 1} as spent_k,
      k - (k + 1) / ${SPEND_EVERY} as earn_number
    from placed
  )
  select s.i, md5('${salt}' || s.i)::uuid as entry_id, s.spends, w.account_id, w.program_id, w.issuance_id, w.redemption_id, w.amount,
    date_trunc('milliseconds', '${start.toISOString()}'::timestamptz + s.i * interval '${gap} seconds') as occurred_at, w.lifetime,
    ${SPEND_EVERY} * s.earn_number + ${SPEND_EVERY - 1} < w.entry_count as earn_spent,
    case when s.slot = -1 then s.spent_k * ${every} else ${otherIndex('s.spent_k')} end as spent_i
  from spent s join bench_wallets w using (slot)`;
}

async function insertBatch(client, plan) {
  await client.query('begin');
  await client.query(`create temporary table bench_plan on commit drop as ${entryPlan(plan)}`);
  await client.query(
    `insert into journal_entries (id, merchant_id, program_id, kind, reference, description, metadata, occurred_at, created_at)
     select entry_id, $1, program_id, case when spends then 'redeem' else 'earn' end,
       case when spends then null else 'BENCH-' || i end,
       case when spends then 'Reward redeemed' else 'Purchase' end,
       case when spends then '{}'::jsonb else jsonb_build_object('source', 'purchase', 'billNumber', 'BENCH-' || i, 'items', jsonb_build_array(jsonb_build_object('name', 'Kopi Susu Senja', 'quantity', 1, 'price', ${BILL_AMOUNT}))) end,
       occurred_at, occurred_at
     from bench_plan order by entry_id`,
    [plan.merchant],
  );
  await client.query(`
    insert into postings (entry_id, account_id, amount, occurred_at)
    select entry_id, case when spends then account_id else issuance_id end, -amount, occurred_at from bench_plan
    union all
    select entry_id, case when spends then redemption_id else account_id end, amount, occurred_at from bench_plan
    order by entry_id`);
  await client.query(
    `insert into lots (id, account_id, entry_id, amount, remaining, expires_at, created_at) overriding system value
     select $1::bigint + i, account_id, entry_id, amount, case when earn_spent then 0 else amount end, occurred_at + lifetime, occurred_at
     from bench_plan where not spends order by entry_id`,
    [plan.lotBase],
  );
  await client.query(`insert into lot_consumptions (lot_id, entry_id, amount) select $1::bigint + spent_i, entry_id, amount from bench_plan where spends order by entry_id`, [plan.lotBase]);
  await client.query('commit');
}

/** Each wallet's balance is what its earns brought less what its spends took. */
async function settleBalances(client) {
  await client.query(`
    update ledger_accounts account
    set balance = wallet.amount * (wallet.entry_count - 2 * (wallet.entry_count / ${SPEND_EVERY}))
    from bench_wallets wallet where account.id = wallet.account_id`);
  await client.query(`select setval(pg_get_serial_sequence('lots', 'id'), (select max(id) from lots))`);
}

/**
 * Writes `entries` journal entries (an earn or a spend each, with two postings and a lot or a lot
 * consumption) on fresh wallets of the given cards, oldest first: `busyEntries` of them on
 * `busyCard`, the rest spread evenly over `cards`. Triggers are off while the rows go in (a deferred
 * balance check per posting would take hours), so `checkLedger` proves the same rules afterwards.
 */
export async function fillLedger(client, { merchantId, cards, busyCard, entries, busyEntries = 0, now = new Date(), onProgress = () => {} }) {
  const step = busyCard && busyEntries > 0 ? Math.floor(entries / busyEntries) : 0;
  const busy = step > 0 ? Math.floor((entries - 1) / step) + 1 : 0;
  await client.query('set session_replication_role = replica');
  await client.query('set synchronous_commit = off');
  try {
    await prepareWallets(client, { merchantId, cards, busyCard: step > 0 ? busyCard : undefined, entries, busyEntries: busy });
    const { rows: [{ next }] } = await client.query('select coalesce(max(id), 0) + 1 as next from lots');
    const start = new Date(now.getTime() - HISTORY_DAYS * 86_400_000);
    const gap = (HISTORY_DAYS * 86_400) / entries;
    const salt = randomBytes(8).toString('hex');
    for (let from = 0; from < entries; from += BATCH_ENTRIES) {
      const to = Math.min(entries, from + BATCH_ENTRIES);
      await insertBatch(client, { step, from, to, cards: cards.length, salt, start, gap, merchant: merchantId, lotBase: next });
      onProgress(to);
    }
    await settleBalances(client);
  } finally {
    await client.query('drop table if exists bench_wallets');
    await client.query('reset session_replication_role');
    await client.query('reset synchronous_commit');
  }
  return { busyEntries: busy };
}

const ledgerChecks = {
  'entries whose postings do not sum to zero': `select count(*) from (select entry_id from postings group by entry_id having sum(amount) <> 0) as unbalanced`,
  'wallets whose balance is not the sum of their postings': `
    select count(*) from ledger_accounts wallet
    left join (select account_id, sum(amount) as total from postings group by account_id) as posted on posted.account_id = wallet.id
    where wallet.kind = 'member' and wallet.balance <> coalesce(posted.total, 0)`,
  'wallets whose lots do not hold their balance': `
    select count(*) from ledger_accounts wallet
    left join (select account_id, sum(remaining) as held from lots group by account_id) as held on held.account_id = wallet.id
    where wallet.kind = 'member' and wallet.balance <> coalesce(held.held, 0)`,
  'lots whose spent part is not what consumptions took': `
    select count(*) from lots
    left join (select lot_id, sum(amount) as taken from lot_consumptions group by lot_id) as taken on taken.lot_id = lots.id
    where lots.amount - lots.remaining <> coalesce(taken.taken, 0)`,
};

/** Proves the rules the ledger's triggers and services keep, over the whole ledger; throws on a breach. */
export async function checkLedger(client) {
  for (const [breach, sql] of Object.entries(ledgerChecks)) {
    const { rows: [{ count }] } = await client.query(sql);
    if (Number(count) > 0) throw new Error(`The bulk ledger is inconsistent: ${count} ${breach}`);
  }
}
