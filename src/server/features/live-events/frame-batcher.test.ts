import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFrameBatcher, type FrameTarget } from './frame-batcher';

function fakeStream() {
  const writes: string[] = [];
  const stream: FrameTarget & { writes: string[]; writableEnded: boolean } = {
    writes,
    writableEnded: false,
    destroyed: false,
    write(chunk: Buffer) {
      writes.push(chunk.toString());
      return true;
    },
  };
  return stream;
}

describe('event stream frame batching', () => {
  let clock = 0;
  beforeEach(() => {
    clock = 1000;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const now = () => clock;
  const advance = (ms: number) => {
    clock += ms;
    vi.advanceTimersByTime(ms);
  };

  it('writes a lone event on the next turn, to every stream that queued it', () => {
    const batcher = createFrameBatcher({ flushMs: 20, now });
    const a = fakeStream();
    const b = fakeStream();
    batcher.write(a, 'data: 1\n\n');
    batcher.write(b, 'data: 1\n\n');
    // Nothing is written while the delivery loop still runs.
    expect(a.writes).toEqual([]);
    advance(0);
    expect(a.writes).toEqual(['data: 1\n\n']);
    expect(b.writes).toEqual(['data: 1\n\n']);
  });

  it('gives the events of a busy spell one write per stream', () => {
    const batcher = createFrameBatcher({ flushMs: 20, now });
    const stream = fakeStream();
    batcher.write(stream, 'data: 1\n\n');
    advance(0);
    advance(5);
    batcher.write(stream, 'data: 2\n\n');
    advance(5);
    batcher.write(stream, 'data: 3\n\n');
    expect(stream.writes).toEqual(['data: 1\n\n']);
    // 20 ms after the last write, both events go out together, in order.
    advance(10);
    expect(stream.writes).toEqual(['data: 1\n\n', 'data: 2\n\ndata: 3\n\n']);
  });

  it('writes one shared buffer to the streams that wait for the same frames', () => {
    const batcher = createFrameBatcher({ flushMs: 20, now });
    const chunks: Buffer[][] = [[], [], []];
    const streams = chunks.map((written) => ({
      writableEnded: false,
      destroyed: false,
      write: (chunk: Buffer) => written.push(chunk),
    }));
    const [first, second] = ['data: 1\n\n', 'data: 2\n\n'];
    for (const stream of streams) batcher.write(stream, first!);
    batcher.write(streams[0]!, second!);
    batcher.write(streams[1]!, second!);
    advance(0);
    expect(chunks.map((written) => written.map(String))).toEqual([
      ['data: 1\n\ndata: 2\n\n'],
      ['data: 1\n\ndata: 2\n\n'],
      ['data: 1\n\n'],
    ]);
    expect(chunks[1]![0]).toBe(chunks[0]![0]);
  });

  it('writes nothing to a stream that was forgotten or ended, and everything on flush', () => {
    const batcher = createFrameBatcher({ flushMs: 20, now });
    const gone = fakeStream();
    const ended = fakeStream();
    const open = fakeStream();
    batcher.write(gone, 'data: 1\n\n');
    batcher.write(ended, 'data: 1\n\n');
    batcher.write(open, 'data: 1\n\n');
    batcher.forget(gone);
    ended.writableEnded = true;
    batcher.flush();
    expect(gone.writes).toEqual([]);
    expect(ended.writes).toEqual([]);
    expect(open.writes).toEqual(['data: 1\n\n']);
    // The flush cleared the timer: nothing is written twice.
    advance(50);
    expect(open.writes).toEqual(['data: 1\n\n']);
  });
});
