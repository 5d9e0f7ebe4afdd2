import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from './test/test-app';

/**
 * docs/api.md shows curl commands and what they answer. Each `sh` block runs
 * here, in order and in one directory (the cookie jar), against the app
 * listening on a free port; a `json` block right after it is the answer's
 * shape: its keys must be there, its values equal, `…` standing for any text.
 */
const PAGE = path.resolve(import.meta.dirname, '../../docs/api.md');

type Example = { command: string; answer?: { lang: string; text: string } };

function examplesOf(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((match) => ({
    lang: match[1]!,
    text: match[2]!,
  }));
  const examples: Example[] = [];
  blocks.forEach((block, index) => {
    if (block.lang !== 'sh') return;
    const next = blocks[index + 1];
    examples.push({
      command: block.text,
      answer: next && next.lang !== 'sh' ? next : undefined,
    });
  });
  return examples;
}

/** `documented` describes `actual`: same keys (at least), same values, `…` for any text. */
function expectShape(actual: unknown, documented: unknown, at = '$'): void {
  if (documented === '…') {
    expect(actual, at).not.toBeUndefined();
  } else if (typeof documented === 'string' && documented.includes('…')) {
    const pattern = documented
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[\\s\\S]*');
    expect(actual, at).toMatch(new RegExp(`^${pattern}$`));
  } else if (Array.isArray(documented)) {
    expect(Array.isArray(actual), `${at} is a list`).toBe(true);
    const list = actual as unknown[];
    expect(list.length, `${at} has entries`).toBeGreaterThanOrEqual(documented.length);
    documented.forEach((item, index) => expectShape(list[index], item, `${at}[${index}]`));
  } else if (documented && typeof documented === 'object') {
    expect(actual, at).toBeTypeOf('object');
    for (const [key, value] of Object.entries(documented)) {
      expectShape((actual as Record<string, unknown>)[key], value, `${at}.${key}`);
    }
  } else {
    expect(actual, at).toEqual(documented);
  }
}

function runShell(
  command: string,
  options: { cwd: string; api: string; env?: Record<string, string> },
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-eo', 'pipefail', '-c', command],
      {
        cwd: options.cwd,
        env: { ...process.env, API: options.api, ...options.env },
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let t: TestApp;
let api: string;
let dispatcher: TestUser;
let workDir: string;
const outputs: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The demo account the page signs in with.
  dispatcher = await t.createUser({
    role: 'dispatcher',
    email: 'dispatcher@demo.test',
    password: 'demo1234',
    name: 'Dee Dispatcher',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-api-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

const examples = examplesOf(fs.readFileSync(PAGE, 'utf8'));

describe('docs/api.md', () => {
  it('has curl examples for signing in, errors, idempotency, pages and the event stream', () => {
    const all = examples.map((example) => example.command).join('\n');
    for (const part of [
      '/api/auth/sign-in/email',
      'Idempotency-Key',
      'offset=',
      '/api/timeline',
      '/api/events',
      '/api/auth/sign-out',
    ]) {
      expect(all).toContain(part);
    }
  });

  examples.forEach((example, index) => {
    const title = example.command.split('\n')[0]!.replace(/\s*\\$/, '');
    it(`example ${index + 1} answers as shown: ${title}`, async () => {
      const isStream = example.command.includes('/api/events');
      // While the stream is open, something happens that it must report.
      const happening = isStream
        ? new Promise((resolve) => setTimeout(resolve, 1500)).then(() =>
            t.app.inject({
              method: 'POST',
              url: '/api/bookings',
              headers: { origin: TEST_ORIGIN, cookie: dispatcher.cookie },
              payload: {
                pickupLocation: 'Fremantle',
                dropoffLocation: 'Perth Airport T1',
                pickupTime: '2031-03-02T10:00:00+08:00',
              },
            }),
          )
        : null;
      const result = await runShell(example.command, { cwd: workDir, api });
      outputs.push(result.stdout);
      // curl's --max-time ends the stream example: exit code 28.
      expect(result.code, result.stderr).toBe(
        isStream && example.command.includes('--max-time') ? 28 : 0,
      );
      if (happening) {
        expect((await happening).statusCode).toBe(201);
        expect(result.stdout).toContain(': connected');
        const events = result.stdout
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => JSON.parse(line.slice('data: '.length)) as { type: string });
        expect(events.map((event) => event.type)).toContain('booking.created');
        expect(example.answer?.text).toContain('data: {"type":"booking.created"');
      }
      if (example.answer?.lang === 'json') {
        expectShape(JSON.parse(result.stdout), JSON.parse(example.answer.text));
      }
    });
  });

  it('the typed client example (scripts/api-client/example.ts) runs against the server', async () => {
    const script = path.resolve(import.meta.dirname, '../../scripts/api-client/example.ts');
    const result = await runShell(`"${process.execPath}" --import tsx "${script}"`, {
      cwd: path.resolve(import.meta.dirname, '../..'),
      api,
      env: { API_URL: api, API_EMAIL: dispatcher.email, API_PASSWORD: 'demo1234' },
    });
    expect(result.code, result.stderr).toBe(0);
    const summary = JSON.parse(result.stdout) as {
      database: string;
      fare: number;
      bookings: string[];
    };
    expect(summary.database).toBe(t.connection.kind);
    expect(summary.fare).toBeGreaterThan(0);
    expect(summary.bookings.length).toBeGreaterThan(0);
  });

  it('the same Idempotency-Key twice made one booking', () => {
    const answers = examples
      .map((example, index) => ({ example, output: outputs[index] }))
      .filter(({ example }) => example.command.includes('Idempotency-Key'))
      .map(({ output }) => JSON.parse(output!) as { bookings: { id: string }[] });
    expect(answers).toHaveLength(2);
    expect(answers[1]!.bookings[0]!.id).toBe(answers[0]!.bookings[0]!.id);
  });
});
