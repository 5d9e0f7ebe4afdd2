import { test, type Browser } from '@playwright/test';

// A journey that fails waiting on a page which never answered (an action's
// log stops at 'waiting for element to be ...', no retry after it) leaves a
// trace that cannot say why. These lines can: for each page still open,
// whether its main thread answers a script, whether it draws frames, and
// whether Chromium counts it visible and focused.

const FRAME_WAIT_MS = 2_000;
const ANSWER_WAIT_MS = 5_000;

/** Whether each open page of the browser answers, and draws; one line each in the test's output. */
export async function logPageHealth(browser: Browser): Promise<void> {
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      const probe = page.evaluate(async (frameWaitMs) => {
        const frames = await Promise.race([
          new Promise<string>((resolve) => requestAnimationFrame(() => resolve('drawing'))),
          new Promise<string>((resolve) =>
            setTimeout(() => resolve(`no frame in ${frameWaitMs} ms`), frameWaitMs),
          ),
        ]);
        return `frames ${frames}, ${document.visibilityState}, focused ${document.hasFocus()}`;
      }, FRAME_WAIT_MS);
      const timeout = new Promise<string>((resolve) =>
        setTimeout(() => resolve(`main thread silent for ${ANSWER_WAIT_MS} ms`), ANSWER_WAIT_MS),
      );
      const answer = await Promise.race([probe, timeout]).catch(
        (error: Error) => `no answer: ${error.message.split('\n')[0]}`,
      );
      console.log(`[page health] ${page.url()}: ${answer}`);
    }
  }
}

/** After each failed journey of the file, its open pages' health (logPageHealth). */
export function reportPageHealthOnFailure(): void {
  test.afterEach(async ({ browser }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) await logPageHealth(browser);
  });
}
