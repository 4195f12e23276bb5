// The chaos run's load balancer: round robin over the instances, and, like nginx's
// `proxy_next_upstream error`, a request whose connection to one instance could not be opened goes
// to the other. A request whose connection broke after it was sent is never sent again: the proxy
// answers 502 (or cuts the client off mid-answer), and the client retries with its idempotency key.
import http from 'node:http';

/** Marks the proxy's own answers, so the client tells them from the app's. */
export const proxyErrorHeader = 'x-proxy-error';
// An instance that refused a connection is skipped this long before it is tried again.
const REFUSED_PAUSE_MS = 500;
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const withoutHopByHop = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answerBadGateway(response, reason) {
  const body = JSON.stringify({ statusCode: 502, code: 'BAD_GATEWAY', message: reason });
  response.writeHead(502, { 'content-type': 'application/json', [proxyErrorHeader]: reason });
  response.end(body);
}

/**
 * Sends the request to one instance on a connection of its own: 'refused' when no connection was
 * made (nothing reached the instance), 'broken' when it broke after that, else 'answered'.
 */
function passTo(upstream, request, body, response) {
  return new Promise((resolve) => {
    let connected = false;
    const outgoing = http.request({
      host: '127.0.0.1',
      port: upstream.port,
      method: request.method,
      path: request.url,
      headers: { ...withoutHopByHop(request.headers), connection: 'close', 'content-length': body.length },
      agent: false,
    });
    outgoing.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    outgoing.on('response', (incoming) => {
      response.writeHead(incoming.statusCode, withoutHopByHop(incoming.headers));
      incoming.pipe(response);
      incoming.on('close', () => {
        if (incoming.complete) {
          upstream.answered += 1;
          resolve('answered');
        } else {
          response.destroy();
          resolve('broken');
        }
      });
    });
    outgoing.on('error', () => {
      if (!connected) return resolve('refused');
      if (!response.headersSent) answerBadGateway(response, 'upstream connection broke');
      else response.destroy();
      resolve('broken');
    });
    // A client that gives up takes its request away from the instance too.
    response.on('close', () => {
      if (!response.writableFinished) outgoing.destroy();
    });
    outgoing.end(body);
  });
}

/** The instances in the order this request tries them: round robin, those that refused a moment ago last. */
function tryOrder(upstreams, start, now) {
  const rotated = upstreams.map((_, offset) => upstreams[(start + offset) % upstreams.length]);
  return [...rotated.filter((upstream) => upstream.refusedUntil <= now), ...rotated.filter((upstream) => upstream.refusedUntil > now)];
}

/** Starts the proxy on a free port of 127.0.0.1 in front of `instances` ({ name, port }). */
export async function startProxy(instances) {
  const upstreams = instances.map(({ name, port }) => ({ name, port, answered: 0, refusedUntil: 0 }));
  const stats = { passedOn: 0, broken: 0, unreachable: 0 };
  let turn = 0;
  const server = http.createServer(async (request, response) => {
    const body = await readBody(request).catch(() => undefined);
    if (!body) return response.destroy();
    turn += 1;
    for (const [index, upstream] of tryOrder(upstreams, turn, Date.now()).entries()) {
      if (index > 0) stats.passedOn += 1;
      const outcome = await passTo(upstream, request, body, response);
      if (outcome !== 'refused') {
        if (outcome === 'broken') stats.broken += 1;
        return;
      }
      upstream.refusedUntil = Date.now() + REFUSED_PAUSE_MS;
    }
    stats.unreachable += 1;
    answerBadGateway(response, 'no instance is reachable');
  });
  // Longer than the client's idle connections live, so the proxy never closes one the client is about to reuse.
  server.keepAliveTimeout = 120_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    upstreams,
    stats,
    close: () => {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      return closed;
    },
  };
}
