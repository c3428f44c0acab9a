import type { FastifyRequest } from 'fastify';

/** Path segments that are secrets: the segment after these is written as "[redacted]". */
const SECRET_AFTER = ['/api/feeds/', '/api/invite/'];
/** Query parameters that are secrets. */
const SECRET_PARAMS = new Set(['token', 'code', 'key', 'secret', 'password', 'uid', 'access_token', 'refresh']);

/**
 * A request's address as the log may keep it: a feed's secret key, an invitation's token and
 * codes or tokens in the query replaced by "[redacted]" (a log is read by more people than the
 * addresses are meant for).
 */
export function redactRequestUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  let out = path;
  for (const prefix of SECRET_AFTER) {
    const at = out.indexOf(prefix);
    if (at >= 0) out = out.slice(0, at + prefix.length) + out.slice(at + prefix.length).replace(/^[^/]+/, '[redacted]');
  }
  if (query === undefined) return out;
  const params = query
    .split('&')
    .map((pair) => {
      const [name = ''] = pair.split('=', 1);
      return SECRET_PARAMS.has(decodeURIComponentSafe(name).toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${out}?${params}`;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Fastify's request line with the address redacted (the logger's `req` serializer). */
export function loggedRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactRequestUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
