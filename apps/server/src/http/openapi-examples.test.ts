import * as contracts from '@kartu/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractExamples } from './openapi-examples.ts';

// The API document shows each contract's example: a client that copies one must get it accepted.

describe('the API document’s examples', () => {
  it('parse with the contract they illustrate', () => {
    const failures: string[] = [];
    for (const [name, example] of Object.entries(contractExamples)) {
      const schema: unknown = (contracts as Record<string, unknown>)[name];
      if (!(schema instanceof z.ZodType)) {
        failures.push(`${name}: no contract of that name`);
        continue;
      }
      const parsed = schema.safeParse(example);
      if (!parsed.success) failures.push(`${name}:\n${z.prettifyError(parsed.error)}`);
    }
    expect(failures).toEqual([]);
  });
});
