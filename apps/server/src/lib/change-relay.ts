import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { everyTag, receiveChanges, setChangeRelay, type ChangeRelay } from './change-feed.ts';

/*
 * Carries every change published in this process to the others, so that a sign-out, a revoked key
 * or a new balance drops the cached copies on every instance within a moment: over Redis pub/sub
 * when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY. The embedded database serves one process
 * and needs neither. While the channel is down, caches fall back to their TTL (10 s) and the log
 * says so; once it is back, each instance drops everything it cached, since it may have missed changes.
 */

export const changeChannel = 'kartu_changes';
// Changes are sent in batches: a busy instance publishes dozens a second, and one message per batch
// keeps the channel cheap while still arriving well within a second.
const batchMs = 20;
// PostgreSQL refuses NOTIFY payloads of 8000 bytes or more.
const maxPayloadBytes = 7000;

export interface RelayLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

interface RelayMessage {
  /** The process that made the changes: it has told its own caches already. */
  origin: string;
  tags: string[];
}

export function decodeRelayMessage(text: string): RelayMessage | undefined {
  try {
    const value = JSON.parse(text) as Partial<RelayMessage>;
    if (typeof value.origin !== 'string' || !Array.isArray(value.tags) || !value.tags.every((tag) => typeof tag === 'string')) return undefined;
    return { origin: value.origin, tags: value.tags };
  } catch {
    return undefined;
  }
}

/** The tags of a batch in messages small enough for the channel. */
export function encodeRelayMessages(origin: string, tags: readonly string[]): string[] {
  const messages: string[] = [];
  let batch: string[] = [];
  const encode = (part: string[]) => JSON.stringify({ origin, tags: part } satisfies RelayMessage);
  for (const tag of tags) {
    if (batch.length > 0 && Buffer.byteLength(encode([...batch, tag])) > maxPayloadBytes) {
      messages.push(encode(batch));
      batch = [];
    }
    batch.push(tag);
  }
  if (batch.length > 0) messages.push(encode(batch));
  return messages;
}

/** One side of a relay: sends this process's messages and hands over the others'. */
interface Transport {
  send(message: string): Promise<void>;
  close(): Promise<void>;
}

type Health = ReturnType<typeof healthWatch>;

/** Watches a channel's health and says in the log when it fails and when it is back. */
function healthWatch(kind: string, log: RelayLog) {
  let down = false;
  return {
    failed(error: unknown) {
      if (down) return;
      down = true;
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ relay: kind, reason }, `change relay over ${kind} is down: other instances' changes reach this one's caches only as entries time out`);
    },
    restored() {
      if (!down) return;
      down = false;
      // Changes made while the channel was down never arrived here.
      receiveChanges([everyTag]);
      log.info({ relay: kind }, `change relay over ${kind} is back; cached entries dropped`);
    },
  };
}

function onMessage(origin: string, text: string): void {
  const message = decodeRelayMessage(text);
  if (message && message.origin !== origin) receiveChanges(message.tags);
}

function redisTransport(url: string, origin: string, health: Health, listen: boolean): Transport {
  const options = { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false };
  const publisher = new Redis(url, options);
  publisher.on('error', (error) => health.failed(error));
  const subscriber = listen ? new Redis(url, { ...options, maxRetriesPerRequest: null, enableOfflineQueue: true }) : undefined;
  if (subscriber) {
    subscriber.on('error', (error) => health.failed(error));
    subscriber.on('ready', () => health.restored());
    subscriber.on('message', (_channel: string, text: string) => onMessage(origin, text));
    // ioredis subscribes again by itself after a reconnection.
    void subscriber.subscribe(changeChannel).catch((error: unknown) => health.failed(error));
  }
  return {
    send: async (message) => {
      await publisher.publish(changeChannel, message);
    },
    close: async () => {
      await Promise.allSettled([publisher.quit(), subscriber?.quit()]);
    },
  };
}

function postgresTransport(url: string, origin: string, health: Health, listen: boolean): Transport {
  const publisher = new pg.Pool({ connectionString: url, max: 1 });
  publisher.on('error', (error) => health.failed(error));
  let listener: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;

  // One connection stays in LISTEN; when it breaks, it is opened again with a growing pause.
  async function connect(): Promise<void> {
    if (closed || !listen) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (notification) => {
      if (notification.channel === changeChannel && notification.payload) onMessage(origin, notification.payload);
    });
    const reconnect = (error: unknown) => {
      health.failed(error);
      if (listener === client) listener = undefined;
      client.removeAllListeners('end');
      if (closed) return;
      setTimeout(() => void connect(), retryMs).unref();
      retryMs = Math.min(retryMs * 2, 30_000);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect(new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`listen ${changeChannel}`);
      listener = client;
      retryMs = 500;
      health.restored();
    } catch (error) {
      client.removeAllListeners('error');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      reconnect(error);
    }
  }
  void connect();

  return {
    send: async (message) => {
      await publisher.query('select pg_notify($1, $2)', [changeChannel, message]);
    },
    close: async () => {
      closed = true;
      listener?.removeAllListeners('end');
      await Promise.allSettled([listener?.end(), publisher.end()]);
    },
  };
}

export interface RunningRelay {
  kind: 'redis' | 'postgres';
  /** Sends what is still waiting, then closes the channel. */
  close(): Promise<void>;
}

/** Collects the tags published within `batchMs` and sends them as one message. */
function batchingRelay(origin: string, transport: Transport, health: Health): ChangeRelay & { flush(): Promise<void> } {
  let waiting = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const tags = [...waiting];
    waiting = new Set();
    if (tags.length === 0) return sending;
    sending = sending.then(async () => {
      try {
        for (const message of encodeRelayMessages(origin, tags)) await transport.send(message);
        health.restored();
      } catch (error) {
        health.failed(error);
      }
    });
    return sending;
  }

  return {
    publish(tags) {
      for (const tag of tags) waiting.add(tag);
      timer ??= setTimeout(() => void flush(), batchMs);
    },
    flush,
  };
}

/**
 * Starts carrying this process's changes to the others, and theirs to it (unless `listen` is false:
 * the operator CLI only publishes). Answers undefined on the embedded database without Redis.
 */
export function startChangeRelay({ redisUrl, databaseUrl, log, listen = true }: { redisUrl?: string; databaseUrl?: string; log: RelayLog; listen?: boolean }): RunningRelay | undefined {
  const origin = randomUUID();
  const kind = redisUrl ? 'redis' : databaseUrl ? 'postgres' : undefined;
  if (!kind) return undefined;
  const label = kind === 'redis' ? 'Redis' : 'PostgreSQL';
  const health = healthWatch(label, log);
  const transport = redisUrl ? redisTransport(redisUrl, origin, health, listen) : postgresTransport(databaseUrl ?? '', origin, health, listen);
  const relay = batchingRelay(origin, transport, health);
  setChangeRelay(relay);
  log.info({ relay: kind }, `changes reach the other instances over ${label}`);
  return {
    kind,
    close: async () => {
      setChangeRelay(null);
      await relay.flush();
      await transport.close();
    },
  };
}
