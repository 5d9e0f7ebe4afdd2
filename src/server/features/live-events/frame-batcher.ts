/**
 * How long an event may wait for others to share its write. Each write to an
 * event stream is a system call (about a quarter of the server's busy time
 * with 50 streams and 100 positions a second, one write each): written
 * together, 10 ms of events cost one per stream. 20 ms halved the writes
 * again but put 10 ms on the median event at 100 a second (decision 66).
 */
export const FLUSH_MS = 10;

/** An open event stream, as far as batching is concerned. */
export type FrameTarget = {
  write(chunk: Buffer): unknown;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
};

export type FrameBatcher = {
  /**
   * Queues a complete frame for this stream; written with the others at the
   * next flush. Pass the same string for every stream that shows an event.
   */
  write(target: FrameTarget, frame: string): void;
  /** Drops what waits for a stream that closed. */
  forget(target: FrameTarget): void;
  /** Writes everything waiting now (before the streams are ended). */
  flush(): void;
};

/**
 * Groups the frames of every stream into one write per stream at most every
 * `flushMs`. After a quiet spell the first frame goes out at once (on the
 * next turn of the event loop, once every stream has queued it), so a lone
 * event waits for nothing and a busy second costs at most 1000 / flushMs
 * writes a stream. Streams that wait for the same frames (every dispatch
 * screen) are written one shared buffer, encoded once.
 */
export function createFrameBatcher(
  options: { flushMs?: number; now?: () => number } = {},
): FrameBatcher {
  const flushMs = options.flushMs ?? FLUSH_MS;
  const now = options.now ?? (() => performance.now());
  /** This spell's frames, each once, by its place. */
  const frames: string[] = [];
  const placeOf = new Map<string, number>();
  /** Each stream's frames, as places in `frames`. */
  const pending = new Map<FrameTarget, number[]>();
  let timer: NodeJS.Timeout | null = null;
  let lastFlush = Number.NEGATIVE_INFINITY;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    lastFlush = now();
    const encoded = new Map<string, Buffer>();
    for (const [target, places] of pending) {
      if (target.writableEnded || target.destroyed) continue;
      const key = places.join(',');
      let chunk = encoded.get(key);
      if (chunk === undefined) {
        chunk = Buffer.from(places.map((place) => frames[place]!).join(''));
        encoded.set(key, chunk);
      }
      target.write(chunk);
    }
    pending.clear();
    frames.length = 0;
    placeOf.clear();
  }

  return {
    write(target, frame) {
      let place = placeOf.get(frame);
      if (place === undefined) {
        place = frames.push(frame) - 1;
        placeOf.set(frame, place);
      }
      const places = pending.get(target);
      if (places) places.push(place);
      else pending.set(target, [place]);
      timer ??= setTimeout(flush, Math.max(0, lastFlush + flushMs - now()));
    },
    forget(target) {
      pending.delete(target);
    },
    flush,
  };
}
