import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { api, ApiError, onRefusedCall } from './api-client';
import { shouldRetry } from './query-client';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 200 }));

    await expect(api('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({
        method: 'POST',
        credentials: 'same-origin',
        body: '{"a":1}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
  });

  it('throws an ApiError carrying the status, code, message and fields of the error answer', async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          error: { code: 'INVALID', message: 'Email is not valid', fields: { email: 'Not valid' } },
        }),
        { status: 400 },
      ),
    );

    const error = await api('/things').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'INVALID',
      message: 'Email is not valid',
      fields: { email: 'Not valid' },
    });
  });

  it("writes a field's message as a sentence of its own, to show under the field", async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          error: {
            code: 'invalid_input',
            message: 'notes: must be at most 1000 characters',
            fields: { notes: 'must be at most 1000 characters', name: 'is required' },
          },
        }),
        { status: 400 },
      ),
    );

    const error = await api('/things').catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      fields: { notes: 'Must be at most 1000 characters', name: 'Is required' },
    });
  });

  it('explains an unreachable server in words a person understands', async () => {
    stubFetch(new TypeError('Failed to fetch'));

    await expect(api('/things')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('retries neither 4xx answers nor more than twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'NOT_FOUND', 'Not found'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'UNAVAILABLE', 'Down'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'UNAVAILABLE', 'Down'))).toBe(false);
  });

  it('tells its listeners of a call refused for want of a session or a role, and of no other', async () => {
    const refused: [number, string][] = [];
    const stop = onRefusedCall((status, path) => refused.push([status, path]));
    onTestFinished(() => void stop());
    for (const status of [401, 403, 404, 500]) {
      stubFetch(new Response(JSON.stringify({ error: { code: 'x', message: 'No' } }), { status }));
      await api(`/things/${status}`).catch(() => undefined);
    }
    expect(refused).toEqual([
      [401, '/things/401'],
      [403, '/things/403'],
    ]);
  });
});
