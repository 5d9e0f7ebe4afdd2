import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LiveEvent } from '../../domain/live-events';
import type { TestApp } from './test-app';

/** A real HTTP client reading a server-sent-events stream. */
export type Stream = {
  status: number;
  events: LiveEvent[];
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  waitFor(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): void;
};

export function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, { headers: { cookie } }, (response) => {
      const events: LiveEvent[] = [];
      const waiters = new Set<() => void>();
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of block.split('\n')) {
            if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as LiveEvent);
          }
        }
        for (const waiter of waiters) waiter();
      });
      response.on('error', () => undefined);
      const ended = new Promise<void>((done) => response.on('close', done));
      resolve({
        status: response.statusCode ?? 0,
        events,
        ended,
        waitFor(match, timeoutMs = 5000) {
          return new Promise((found, fail) => {
            const check = () => {
              const event = events.find(match);
              if (!event) return false;
              waiters.delete(check);
              clearTimeout(timer);
              found(event);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error('no matching event arrived'));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
