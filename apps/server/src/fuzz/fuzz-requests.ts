import fc from 'fast-check';
import type { Operation, Parameter } from './openapi-operations.ts';
import { valueFor, type KnownValues } from './schema-values.ts';

/** Who sends a request: the member under test, nobody, the merchant's till, or a credential of someone else's. */
export const callers = ['member', 'anonymous', 'till', 'stranger'] as const;
export type Caller = (typeof callers)[number];

/** How a request differs from what the document describes: not at all, or in one way. */
export const mutations = [
  'valid',
  'wrong-type',
  'missing-field',
  'extra-field',
  'huge-number',
  'negative-number',
  'long-string',
  'non-ascii',
  'nul-byte',
  'content-type',
  'malformed-json',
  'bad-header',
  'bad-id',
  'others-id',
] as const;
export type Mutation = (typeof mutations)[number];

export interface FuzzRequest {
  operation: Operation;
  caller: Caller;
  mutation: Mutation;
  url: string;
  /** Applied over the caller's own headers, so a mutation may replace them. */
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Real values for the generator: the member's own, and other members' under `others`. */
export interface Pools {
  own: KnownValues;
  others: KnownValues;
}

type Json = unknown;
type Path = (string | number)[];

interface Draft {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Json;
}

// Strings that a JSON field, an id or a header should be refused over, each for its own reason.
const nonAsciiStrings = ['٠١٢٣٤٥', '１２３４５６', '😀'.repeat(40), 'abc\u202Edef', 'e\u0301', 'a\ud800b', '\udfff', '中文字符', 'ıİ', '\uFEFFvalue', 'Ω≈ç√'];
const hugeNumbers = [1e308, 2 ** 53 + 2, 2 ** 64, 1e21, -1e308, 0.5, 1.0000001, -0, 123456789.123];
const negativeNumbers = [-1, -(2 ** 53), -0.01, Number.MIN_SAFE_INTEGER, -1000];
const wrongTypeValues = [42, '42', true, false, null, [], {}, [1, 2], { value: 1 }, '', 0];
const badIds = ['', ' ', 'x'.repeat(5000), '..', '%2e%2e', '%00', '%E0%A4%A', '%', '-1', '0', '1e3', '99999999999999999999999', 'null', 'undefined', '[object Object]', '%F0%9F%98%80', 'a/b', 'aaaaaaaaaaaaaaaaaaaaaaaA', '%20'];
const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/jsonx',
  'application/json, text/plain',
  'APPLICATION/JSON',
  'image/webp',
];
const malformedBodies = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[',
  '"',
  'nul',
  'NaN',
  '{"a":1}{"b":2}',
  '\uFEFF{}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
];
// A null value leaves the header out.
const badHeaders: [string, string | null][] = [
  ['idempotency-key', ''],
  ['idempotency-key', null],
  ['idempotency-key', 'a b'],
  ['idempotency-key', 'k'.repeat(300)],
  ['idempotency-key', '\t'],
  ['authorization', 'Bearer'],
  ['authorization', 'Bearer '],
  ['authorization', 'Basic dXNlcjpwYXNz'],
  ['authorization', 'Bearer kartu_bad'],
  ['authorization', `Bearer kartu_00000000-0000-4000-8000-000000000000_${'A'.repeat(43)}`],
  ['authorization', `Bearer ${'x'.repeat(10_000)}`],
  ['cookie', 'kartu_session=garbage'],
  ['cookie', '%%%;;=='],
  ['cookie', `kartu_session=${'y'.repeat(8000)}`],
  ['cookie', 'kartu_session=%E0%A4%A'],
  ['host', 'unknown.example'],
  ['host', 'v2.localhost'],
  ['host', 'LOCALHOST'],
  ['host', 'localhost.'],
  ['host', 'localhost:99999'],
  ['x-device-id', ''],
  ['x-device-id', 'd'.repeat(5000)],
  ['accept-language', 'zz-ZZ'],
  ['accept-language', 'en;q=abc, *;q=-1'],
  ['accept-language', 'l'.repeat(2000)],
  ['x-forwarded-for', 'not an address, 999.1.1.1'],
];

function leavesOf(value: Json, path: Path = []): { path: Path; value: Json }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leavesOf(item, [...path, index]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leavesOf(item, [...path, key]));
  return [{ path, value }];
}

function withValueAt(value: Json, path: Path, replacement: Json | undefined): Json {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as Json[])] : { ...(value as Record<string, Json>) }) as Record<string, Json>;
  const key = String(head);
  const next = withValueAt(copy[key], rest, replacement);
  if (next === undefined && rest.length === 0) delete copy[key];
  else copy[key] = next;
  return copy;
}

/** A leaf of the body to mutate, or the whole body when it has none. */
function pickLeaf(draft: Draft, pick: number, kind?: 'string' | 'number'): Path {
  const leaves = leavesOf(draft.body).filter((leaf) => !kind || typeof leaf.value === kind);
  return leaves.length ? leaves[pick % leaves.length]!.path : [];
}

function firstRequiredPathParameter(operation: Operation): Parameter | undefined {
  return operation.parameters.find((parameter) => parameter.in === 'path');
}

/** The draft with one thing changed; `pick` chooses among the candidates (a leaf, a value). */
function mutate(draft: Draft, operation: Operation, mutation: Mutation, pick: number, others: KnownValues): Draft & { raw?: string | Buffer } {
  const choose = <T>(values: readonly T[]): T => values[pick % values.length]!;
  const atLeaf = (replacement: Json, kind?: 'string' | 'number'): Draft => ({ ...draft, body: withValueAt(draft.body, pickLeaf(draft, pick, kind), replacement) });
  const pathParameter = firstRequiredPathParameter(operation);
  switch (mutation) {
    case 'valid':
      return draft;
    case 'wrong-type':
      return atLeaf(choose(wrongTypeValues));
    case 'missing-field': {
      const required = leavesOf(draft.body).filter((leaf) => leaf.path.length > 0);
      if (required.length) return { ...draft, body: withValueAt(draft.body, choose(required).path, undefined) };
      return pathParameter ? { ...draft, path: { ...draft.path, [pathParameter.name]: '' } } : { ...draft, body: undefined };
    }
    case 'extra-field': {
      const field = choose(['merchantId', 'userId', 'balance', 'isAdmin', 'status', 'ownerUserId', 'amount', 'constructor']);
      const body = draft.body !== null && typeof draft.body === 'object' && !Array.isArray(draft.body) ? draft.body : {};
      return { ...draft, body: { ...body, [field]: choose(wrongTypeValues) } };
    }
    case 'huge-number':
      return operation.body ? atLeaf(choose(hugeNumbers), 'number') : withQuery(draft, operation, choose(['1e400', '99999999999999999999999', '1.5', 'Infinity', 'NaN']));
    case 'negative-number':
      return operation.body ? atLeaf(choose(negativeNumbers), 'number') : withQuery(draft, operation, choose(['-1', '-0', '-99999999999']));
    case 'long-string':
      return atLeaf(choose(['s'.repeat(300), 's'.repeat(70_000), '😀'.repeat(20_000), 'L'.repeat(1_100_000)]), 'string');
    case 'non-ascii':
      return atLeaf(choose(nonAsciiStrings), 'string');
    case 'nul-byte': {
      const leaf = leavesOf(draft.body).find((candidate) => typeof candidate.value === 'string');
      const text = typeof leaf?.value === 'string' ? leaf.value : 'value';
      const nul = choose([`\u0000${text}`, `${text}\u0000`, `${text.slice(0, 1)}\u0000${text.slice(1)}`, '\u0000']);
      if (leaf) return { ...draft, body: withValueAt(draft.body, leaf.path, nul) };
      return pathParameter ? { ...draft, path: { ...draft.path, [pathParameter.name]: '%00' } } : withQuery(draft, operation, '%00');
    }
    case 'content-type':
      return { ...draft, headers: { ...draft.headers, 'content-type': choose(contentTypes) }, raw: JSON.stringify(draft.body ?? { value: 1 }) };
    case 'malformed-json': {
      const text = JSON.stringify(draft.body ?? {});
      const truncated = text.slice(0, Math.max(1, pick % text.length));
      const raw = choose([...malformedBodies, truncated, Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])]);
      return { ...draft, headers: { ...draft.headers, 'content-type': 'application/json' }, raw };
    }
    case 'bad-header': {
      const [name, value] = choose(badHeaders);
      const { [name]: _left, ...kept } = draft.headers;
      return { ...draft, headers: value === null ? kept : { ...kept, [name]: value } };
    }
    case 'bad-id':
      return pathParameter ? { ...draft, path: { ...draft.path, [pathParameter.name]: choose(badIds) } } : withQuery(draft, operation, choose(badIds));
    case 'others-id': {
      const path = { ...draft.path };
      for (const parameter of operation.parameters) {
        const theirs = others[parameter.name];
        if (parameter.in === 'path' && theirs?.length) path[parameter.name] = encodeURIComponent(String(choose(theirs)));
      }
      let body = draft.body;
      for (const leaf of leavesOf(body)) {
        const theirs = others[String(leaf.path.at(-1))];
        if (theirs?.length) body = withValueAt(body, leaf.path, choose(theirs));
      }
      return { ...draft, path, body };
    }
  }
}

function withQuery(draft: Draft, operation: Operation, value: string): Draft {
  const name = operation.parameters.find((parameter) => parameter.in === 'query')?.name ?? 'page';
  return { ...draft, query: { ...draft.query, [name]: value } };
}

function urlOf(operation: Operation, draft: Draft): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => draft.path[name] ?? '');
  const query = Object.entries(draft.query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

function parametersOf(operation: Operation, where: Parameter['in'], known: KnownValues): fc.Arbitrary<Record<string, string>> {
  const parameters = operation.parameters.filter((parameter) => parameter.in === where);
  const fields = Object.fromEntries(parameters.map((parameter) => [parameter.name, valueFor(parameter.schema, known, parameter.name).map(String)]));
  // Path parameters are always in the URL, and the idempotency key is always sent when valid: a
  // request without one is a mutation of its own ('bad-header').
  const requiredKeys = parameters.filter((parameter) => parameter.required || where !== 'query').map((parameter) => parameter.name);
  return fc.record(fields, { requiredKeys });
}

/** Requests for one operation: the document's values (mostly real ones), then one mutation or none. */
export function requestsFor(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const encoded = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, encodeURIComponent(value)]));
  const draft = fc.record({
    path: parametersOf(operation, 'path', pools.own).map(encoded),
    query: parametersOf(operation, 'query', pools.own).map(encoded),
    headers: parametersOf(operation, 'header', pools.own),
    body: operation.body ? valueFor(operation.body, pools.own) : fc.constant(undefined),
  });
  const mutation = fc.oneof({ arbitrary: fc.constant<Mutation>('valid'), weight: mutations.length }, { arbitrary: fc.constantFrom(...mutations), weight: mutations.length });
  // Mostly the caller the operation is for, so valid requests get past sign-in to the use case.
  const rightful: Caller = operation.integration ? 'till' : 'member';
  const caller = fc.oneof({ arbitrary: fc.constant(rightful), weight: callers.length }, { arbitrary: fc.constantFrom(...callers), weight: callers.length });
  return fc.record({ draft, mutation, caller, pick: fc.nat() }).map(({ draft: made, mutation: kind, caller, pick }) => {
    const changed = mutate(made, operation, kind, pick, pools.others);
    const payload = changed.raw ?? (changed.body === undefined ? undefined : JSON.stringify(changed.body));
    const headers = { ...changed.headers };
    if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    return { operation, caller, mutation: kind, url: urlOf(operation, changed), headers, ...(payload !== undefined && { payload }) };
  });
}
