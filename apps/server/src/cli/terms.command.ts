import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { languages } from '@kartu/contracts';
import { setTerms, termsMaxLength } from '../modules/terms/terms.service.ts';
import { CommandError, merchantByMid, oneOf, readOptions, required, type CliContext } from './cli.context.ts';

/** A text file's words, after checking it is a file no longer than a policy may be. */
async function readTextFile(path: string): Promise<string> {
  const file = resolve(path);
  const found = await stat(file).catch(() => undefined);
  if (!found?.isFile()) throw new CommandError(`No file at ${file}`);
  if (found.size > termsMaxLength * 4) throw new CommandError(`${path}: longer than ${termsMaxLength} characters`);
  return readFile(file, 'utf8');
}

/** `kartu merchants terms`: the merchant's terms and conditions and privacy policy in one language. */
export async function setTermsCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { mid: { type: 'string' }, language: { type: 'string' }, terms: { type: 'string' }, privacy: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'mid').toUpperCase());
  const language = oneOf(values.language, languages, 'en', 'language');
  const [termsCondition, privacyPolicy] = await Promise.all([readTextFile(required(values, 'terms')), readTextFile(required(values, 'privacy'))]);
  await setTerms({ db, merchantId: merchant.id, language, termsCondition, privacyPolicy, now: now() });
  out(`Terms and privacy policy of ${merchant.mid} in ${language} saved.`);
}
