import type { TestApp } from '../test/test-app.ts';
import { runKartu } from './commands.ts';
import type { CliContext } from './cli.context.ts';

/** Runs operator commands against a test app's database, answering the exit code and what was printed. */
export function kartuOn(testApp: () => TestApp, extra: Pick<CliContext, 'payments' | 'webhookSealKey' | 'production' | 'blobs' | 'outletCodeKey' | 'microAppSealKey' | 'uniqueCodeKey' | 'earnCodeKey'> = {}) {
  return async (...args: string[]) => {
    const out: string[] = [];
    const error: string[] = [];
    const code = await runKartu(args, { db: testApp().db, ...extra, out: (line) => out.push(line), error: (line) => error.push(line), now: () => new Date() });
    return { code, out: out.join('\n'), error: error.join('\n') };
  };
}
