/**
 * How long an event may wait for others to share its write. Each write to an
 * event stream is a system call (about a third of the server's time with 50
 * streams and 100 positions a second, one write each): written together, 20
 * ms of events cost one per stream.
 */
export const FLUSH_MS = 20;

/** An open event stream, as far as batching is concerned. */
export type FrameTarget = {
  write(chunk: string): unknown;
  readonly writableEnded: boolean;
  readonly destroyed: boolean;
};

export type FrameBatcher = {
  /** Queues a complete frame for this stream; written with the others at the next flush. */
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
 * writes a stream.
 */
export function createFrameBatcher(
  options: { flushMs?: number; now?: () => number } = {},
): FrameBatcher {
  const flushMs = options.flushMs ?? FLUSH_MS;
  const now = options.now ?? (() => performance.now());
  const pending = new Map<FrameTarget, string>();
  let timer: NodeJS.Timeout | null = null;
  let lastFlush = Number.NEGATIVE_INFINITY;

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    lastFlush = now();
    for (const [target, text] of pending) {
      if (!target.writableEnded && !target.destroyed) target.write(text);
    }
    pending.clear();
  }

  return {
    write(target, frame) {
      const before = pending.get(target);
      pending.set(target, before === undefined ? frame : before + frame);
      timer ??= setTimeout(flush, Math.max(0, lastFlush + flushMs - now()));
    },
    forget(target) {
      pending.delete(target);
    },
    flush,
  };
}
