// The Node host's words for a failed fetch (lib/platform/host/http.ts): the core reads the error's
// code from the start of the text (platform.h, OnHttpError) to say what to do, and fetch itself
// only says "fetch failed" — the code is in its cause, or in the errors of an AggregateError when
// several addresses were tried. A URL's user info never passes through.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeFetchError } from '../../lib/platform/host/http';

function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function withCode(message: string, code?: string): Error {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('describeFetchError', () => {
  it('puts the cause code first', () => {
    expect(describeFetchError(fetchFailed(withCode('connect ECONNREFUSED 127.0.0.1:8790', 'ECONNREFUSED')))).toBe(
      'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:8790',
    );
  });

  it('reads an AggregateError of several addresses (localhost: ::1 and 127.0.0.1)', () => {
    const aggregate = Object.assign(
      new AggregateError([withCode('connect ECONNREFUSED ::1:8790', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:8790', 'ECONNREFUSED')], ''),
      { code: 'ECONNREFUSED' },
    );
    expect(describeFetchError(fetchFailed(aggregate))).toBe('ECONNREFUSED: connect ECONNREFUSED ::1:8790; connect ECONNREFUSED 127.0.0.1:8790');
    // Without a code on the aggregate itself, the first error's code is used.
    const bare = new AggregateError([withCode('connect ECONNREFUSED ::1:1', 'ECONNREFUSED')], '');
    expect(describeFetchError(fetchFailed(bare))).toBe('ECONNREFUSED: connect ECONNREFUSED ::1:1');
  });

  it('reads a nested cause, and says what it can when there is no code', () => {
    expect(describeFetchError(fetchFailed(withCode('outer', undefined)))).toBe('outer');
    expect(describeFetchError(fetchFailed(Object.assign(new Error('wrapper'), { cause: withCode('self-signed certificate', 'DEPTH_ZERO_SELF_SIGNED_CERT') })))).toBe(
      'DEPTH_ZERO_SELF_SIGNED_CERT: wrapper; self-signed certificate',
    );
    expect(describeFetchError(new TypeError('fetch failed'))).toBe('fetch failed');
    expect(describeFetchError('odd')).toBe('fetch failed');
  });

  it('cuts user info out of any URL in the text', () => {
    const error = new TypeError('Request cannot be constructed from a URL that includes credentials: http://player:pa55word@127.0.0.1:8790/api/users/@me');
    const text = describeFetchError(error);
    expect(text).not.toContain('pa55word');
    expect(text).not.toContain('player');
    expect(text).toContain('http://127.0.0.1:8790/api/users/@me');
  });

  it('a real refused connection reads ECONNREFUSED first', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await fetch(`http://127.0.0.1:${port}/api/gateway`).catch((e: unknown) => e);
    expect(describeFetchError(error)).toMatch(/^ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
  });
});
