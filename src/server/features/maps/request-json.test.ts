import { describe, expect, it } from 'vitest';
import { joinUrl, requestJson } from './request-json';
import {
  captureRejection,
  createFakeFetch,
  deafFetch,
  hangingFetch,
  textResponse,
  rejectionAtTimeout,
} from '../../test/fake-fetch';
import { MapsProviderError } from './types';

const base = { url: 'https://maps.example.test/x', timeoutMs: 50, service: 'routing' as const };

describe('requestJson', () => {
  it('times out even when the transport ignores its abort signal', async () => {
    const error = await rejectionAtTimeout(() => requestJson({ ...base, fetch: deafFetch }), 50);
    expect(error).toBeInstanceOf(MapsProviderError);
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'The routing service did not answer in time. Please try again.',
    });
  });

  it("rethrows the caller's own abort rather than reporting a vendor failure", async () => {
    const controller = new AbortController();
    const pending = requestJson({
      ...base,
      timeoutMs: 5000,
      fetch: hangingFetch,
      signal: controller.signal,
    });
    controller.abort(new Error('client went away'));
    await expect(pending).rejects.toThrow('client went away');
  });

  it('reports a network failure as unavailable, without its text', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('getaddrinfo ENOTFOUND maps.example.test');
    };
    const error = await captureRejection(requestJson({ ...base, fetch: failing }));
    expect(error).toMatchObject({ code: 'provider_unavailable' });
    expect((error as Error).message).not.toContain('ENOTFOUND');
  });

  it('returns an error status with no body when the error page is not JSON', async () => {
    const { fetch } = createFakeFetch(() => textResponse('<html>Bad gateway</html>', 502));
    await expect(requestJson({ ...base, fetch })).resolves.toEqual({
      ok: false,
      status: 502,
      body: undefined,
    });
  });

  it('treats a successful response that is not JSON as unavailable', async () => {
    const { fetch } = createFakeFetch(() => textResponse('<html>captive portal</html>'));
    await expect(requestJson({ ...base, fetch })).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
  });
});

describe('joinUrl', () => {
  it('joins with exactly one slash whether or not the base ends with one', () => {
    expect(joinUrl('http://osrm:5000/', 'route/v1')).toBe('http://osrm:5000/route/v1');
    expect(joinUrl('http://host/osrm', '/route/v1')).toBe('http://host/osrm/route/v1');
  });
});
