import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from './api';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status = 200, body: unknown = { ok: true }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('api', () => {
  it('sends JSON bodies as JSON with the token', async () => {
    const fetch = stubFetch();
    await api('/a/update-info/', { body: { name: 'Acme' }, token: 't' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/a/update-info/');
    expect(init).toMatchObject({ method: 'POST', body: '{"name":"Acme"}', headers: { 'content-type': 'application/json', authorization: 'Bearer t' } });
  });

  it('sends a FormData body untouched, leaving the multipart content type to the browser', async () => {
    const fetch = stubFetch();
    const form = new FormData();
    form.append('logo', new Blob(['x'], { type: 'image/png' }), 'logo.png');
    await api('/a/upload-logo/', { method: 'POST', body: form });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('turns an error answer into an ApiError with the server’s code and message', async () => {
    stubFetch(413, { error: 'Image must be less than 5MB', code: 'logo_too_large' });
    await expect(api('/a/upload-logo/', { method: 'POST', body: new FormData() })).rejects.toEqual(new ApiError(413, '', 'logo_too_large', 'Image must be less than 5MB'));
  });
});
