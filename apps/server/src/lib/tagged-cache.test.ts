import { afterEach, describe, expect, it } from 'vitest';
import { publishChanges } from './change-feed.ts';
import { TaggedCache } from './tagged-cache.ts';

const caches: Array<TaggedCache<string>> = [];
function cache(maxEntries = 10): TaggedCache<string> {
  const made = new TaggedCache<string>({ maxEntries });
  caches.push(made);
  return made;
}
afterEach(() => {
  for (const made of caches.splice(0)) made.close();
});

describe('TaggedCache', () => {
  it('keeps a value until it is no longer valid', () => {
    const values = cache();
    values.set('a', 'one', { tags: ['card:1'], validUntil: 100, ticket: values.ticket() });
    expect(values.get('a', 99)).toBe('one');
    expect(values.get('a', 100)).toBeUndefined();
    expect(values.size).toBe(0);
  });

  it('drops every value carrying a tag of a published change, and only those', () => {
    const values = cache();
    const ticket = values.ticket();
    values.set('a', 'one', { tags: ['card:1', 'wallet:u'], validUntil: 100, ticket });
    values.set('b', 'two', { tags: ['card:2', 'wallet:u'], validUntil: 100, ticket });
    values.set('c', 'three', { tags: ['card:3'], validUntil: 100, ticket });
    publishChanges(['card:2']);
    expect([values.get('a', 0), values.get('b', 0), values.get('c', 0)]).toEqual(['one', undefined, 'three']);
    publishChanges(['wallet:u']);
    expect([values.get('a', 0), values.get('c', 0)]).toEqual([undefined, 'three']);
  });

  it('refuses a value read before a change to one of its tags, and takes one read after', () => {
    const values = cache();
    const before = values.ticket();
    publishChanges(['card:1']);
    values.set('a', 'stale', { tags: ['card:1'], validUntil: 100, ticket: before });
    expect(values.get('a', 0)).toBeUndefined();
    values.set('a', 'other tag', { tags: ['card:9'], validUntil: 100, ticket: before });
    expect(values.get('a', 0)).toBe('other tag');
    values.set('b', 'fresh', { tags: ['card:1'], validUntil: 100, ticket: values.ticket() });
    expect(values.get('b', 0)).toBe('fresh');
  });

  it('stays within its size, and refuses older readers once it forgets which tags changed', () => {
    const values = cache(2);
    for (const key of ['a', 'b', 'c']) values.set(key, key, { tags: [`card:${key}`], validUntil: 100, ticket: values.ticket() });
    expect(values.size).toBeLessThanOrEqual(2);
    const early = values.ticket();
    for (let index = 0; index < 10; index += 1) publishChanges([`card:x${index}`]);
    values.set('d', 'late', { tags: ['card:d'], validUntil: 100, ticket: early });
    expect(values.get('d', 0)).toBeUndefined();
  });

  it('hears nothing once closed', () => {
    const values = cache();
    values.close();
    values.set('a', 'one', { tags: ['card:1'], validUntil: 100, ticket: values.ticket() });
    publishChanges(['card:1']);
    expect(values.get('a', 0)).toBe('one');
  });
});
