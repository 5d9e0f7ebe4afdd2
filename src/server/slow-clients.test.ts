import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/test-app';

// Short limits so the test is quick; production defaults are 30 s and 10 s.
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/**
 * Writes `head`, then `trickle` one byte every `everyMs`, until the server
 * closes the connection or the trickle runs out. What the server answered
 * and how many trickled bytes it took before closing.
 */
function trickle(head: string, trickled: string, everyMs: number) {
  return new Promise<{ answer: string; bytesSent: number; closedByServer: boolean }>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let bytesSent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, bytesSent, closedByServer: bytesSent < trickled.length });
    });
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (bytesSent >= trickled.length) {
          clearInterval(timer);
          socket.end();
          return;
        }
        socket.write(trickled[bytesSent]!);
        bytesSent += 1;
      }, everyMs);
    });
  });
}

describe('slow clients', () => {
  it('closes a request whose body trickles in, with a 408 in our error format', async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'x'.repeat(40) });
    const result = await trickle(
      `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      200,
    );
    // The whole body would take about 16 s at this pace.
    expect(result.closedByServer).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.answer).toContain('"code":"request_timeout"');
  }, 20_000);

  it('closes a request whose headers trickle in', async () => {
    const result = await trickle('GET /api/health HTTP/1.1\r\n', 'X-Slow: ' + 'a'.repeat(60), 200);
    expect(result.closedByServer).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it('keeps serving requests that arrive in time', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
