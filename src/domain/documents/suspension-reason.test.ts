import { describe, expect, it } from 'vitest';
import { suspendingDocumentsOf, suspensionReason } from './suspension-reason';

describe('a suspension reason', () => {
  const licence = { kind: 'expired', message: "Driver's licence expired on Nov 28, 2026" } as const;
  const ptd = { kind: 'expired', message: 'PTD authorization expired on Nov 30, 2026' } as const;
  const rejected = { kind: 'rejected', message: 'Police certificate was rejected' } as const;

  it('names the expired papers, then the rejected ones', () => {
    expect(suspensionReason([licence])).toBe("Expired: Driver's licence expired on Nov 28, 2026");
    expect(suspensionReason([rejected, licence, ptd])).toBe(
      "Expired: Driver's licence expired on Nov 28, 2026; PTD authorization expired on Nov 30, 2026; Rejected: Police certificate was rejected",
    );
  });

  it('reads back as the documents it names, each saying what is wrong with it', () => {
    expect(suspendingDocumentsOf(suspensionReason([licence]))).toBe(
      "Driver's licence expired on Nov 28, 2026",
    );
    expect(suspendingDocumentsOf(suspensionReason([licence, ptd, rejected]))).toBe(
      "Driver's licence expired on Nov 28, 2026; PTD authorization expired on Nov 30, 2026; Police certificate was rejected",
    );
    expect(suspendingDocumentsOf(suspensionReason([rejected]))).toBe(
      'Police certificate was rejected',
    );
  });

  it('is not read into a reason of another kind', () => {
    expect(suspendingDocumentsOf('Driver on leave: Holiday')).toBeNull();
  });
});
