import { vi } from 'vitest';

/** EventSource in tests: each opened stream is kept, and a test sends events on it. */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState: number = FakeEventSource.OPEN;
  onopen: (() => void) | null = null;
  onmessage: ((message: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  /** The server refused the stream or closed it for good (a 401, a 403, a 5xx): the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
  /** The stream dropped (the server ended it): the browser is reconnecting by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  /** Sends the event on every stream still open. */
  static emitAll(data: unknown) {
    for (const source of FakeEventSource.instances) {
      if (source.readyState !== FakeEventSource.CLOSED) source.emit(data);
    }
  }
}

/** Puts a fresh FakeEventSource in place of EventSource (call in beforeEach). */
export function stubEventSource(): typeof FakeEventSource {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}
