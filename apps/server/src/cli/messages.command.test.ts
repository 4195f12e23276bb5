import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProgram } from '../modules/cards/cards.test-support.ts';
import { broadcasts } from '../modules/inbox/broadcasts.table.ts';
import type { TestApp } from '../test/test-app.ts';
import { useTestApp } from '../test/test-app.ts';
import { bulkMembers, merchantOfItsOwn, recipientsOf, runBroadcastJobs } from '../use-cases/send-broadcast/send-broadcast.test-support.ts';
import { merchantByMid } from './cli.context.ts';
import { kartuOn } from './cli.test-support.ts';

let testApp: TestApp;
let mid: string;
let merchantId: number;
let programId: string;
const scratch = mkdtempSync(join(tmpdir(), 'kartu-messages-'));

useTestApp((made) => ({ testApp } = made));
beforeAll(async () => {
  ({ merchantId, mid } = await merchantOfItsOwn(testApp));
  programId = (await newProgram(testApp, merchantId, {}, [{ name: 'Gold', rank: 1, experience: 0n }])).id;
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const kartu = kartuOn(() => testApp);
const idIn = (text: string) => /Broadcast ([0-9a-f-]{36})/.exec(text)?.[1] ?? '';
const words = ['--title', 'Senayan opens', '--text', 'Our new outlet opens on Saturday.'];

describe('kartu messages', () => {
  it('queues a broadcast to every member, a level or a file of phones, and tells how far it has gone', async () => {
    const members = await bulkMembers(testApp, { merchantId, programId, count: 3 });
    const everyone = await kartu('messages', 'broadcast', '--merchant', mid, ...words, '--link', '/cards', '--everyone');
    expect(everyone.code, everyone.error).toBe(0);
    const id = idIn(everyone.out);
    expect(everyone.out).toContain(`kartu messages status --merchant ${mid} --id ${id}`);
    const [row] = await testApp.db.select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(row).toMatchObject({ merchantId, audience: { kind: 'everyone' }, title: 'Senayan opens', link: '/cards', status: 'queued' });
    expect((await kartu('messages', 'status', '--merchant', mid, '--id', id)).out).toContain(`Broadcast ${id}: queued since`);
    // The command queued the first page at the time of day; the worker comes to it a moment later.
    testApp.clock.set(new Date(Date.now() + 1000));
    await runBroadcastJobs(testApp);
    expect(await recipientsOf(testApp, id)).toHaveLength(3);
    expect((await kartu('messages', 'status', '--merchant', mid, '--id', id)).out).toMatch(new RegExp(`^Broadcast ${id}: done: 3 message\\(s\\) written, finished at `));

    const level = await kartu('messages', 'broadcast', '--merchant', mid, ...words, '--level', `${programId}:1`);
    expect(level.code, level.error).toBe(0);
    const file = join(scratch, 'phones.txt');
    writeFileSync(file, `phone\n${members[0]?.phone}\n\n  ${members[1]?.phone}  \r\n`);
    const phones = await kartu('messages', 'broadcast', '--merchant', mid.toLowerCase(), ...words, '--phones', file);
    expect(phones.code, phones.error).toBe(0);
    const [byPhone] = await testApp.db.select().from(broadcasts).where(eq(broadcasts.id, idIn(phones.out)));
    expect(byPhone?.audience).toEqual({ kind: 'phones', phones: [members[0]?.phone, members[1]?.phone] });
  });

  it('refuses a mistyped broadcast with the usage, and one that cannot be sent with the reason', async () => {
    const otherProgram = (await newProgram(testApp, (await merchantByMid(testApp.db, 'KOPISENJA')).id, {}, [{ name: 'Gold', rank: 1, experience: 0n }])).id;
    const badFile = join(scratch, 'bad.txt');
    writeFileSync(badFile, '081234567890\n');
    const mistyped = [
      ['messages', 'broadcast', '--merchant', mid, ...words],
      ['messages', 'broadcast', '--merchant', mid, ...words, '--everyone', '--level', `${programId}:1`],
      ['messages', 'broadcast', '--merchant', mid, '--text', 'No title', '--everyone'],
      ['messages', 'broadcast', '--merchant', mid, ...words, '--level', programId],
      ['messages', 'broadcast', '--merchant', mid, ...words, '--phones', badFile],
      ['messages', 'broadcast', '--merchant', mid, ...words, '--everyone', '--link', 'https://evil.example'],
    ];
    for (const args of mistyped) expect((await kartu(...args)).code, args.join(' ')).toBe(2);
    const undoable = [
      ['messages', 'broadcast', '--merchant', 'NOSUCH', ...words, '--everyone'],
      ['messages', 'broadcast', '--merchant', mid, ...words, '--level', `${otherProgram}:1`],
      ['messages', 'broadcast', '--merchant', mid, ...words, '--level', `${programId}:2`],
      ['messages', 'broadcast', '--merchant', mid, ...words, '--phones', join(scratch, 'missing.txt')],
      ['messages', 'status', '--merchant', mid, '--id', '00000000-0000-4000-8000-000000000000'],
    ];
    for (const args of undoable) expect((await kartu(...args)).code, args.join(' ')).toBe(1);
    expect((await kartu('messages', 'broadcast', '--merchant', mid, ...words, '--level', `${programId}:2`)).error).toContain('no level of rank 2');
  });
});
