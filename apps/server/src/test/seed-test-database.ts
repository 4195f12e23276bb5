import { uniqueCodeKeyFor } from '../modules/unique-codes/unique-codes.service.ts';
import type { Database } from '../db/database.ts';
import { activationCodeKeyFor } from '../modules/cards/activation-code-key.ts';
import { outletCodeKeyFor } from '../modules/outlets/outlet-code-key.ts';
import { seedDemo } from '../seed/seed.ts';

/** The demo data every test database starts from, with the code keys of the tests' secret and no product pictures. */
export async function seedTestDatabase(db: Database, codeSecret: string | undefined): Promise<void> {
  await seedDemo(db, { activationCodeKey: activationCodeKeyFor(codeSecret), outletCodeKey: outletCodeKeyFor(codeSecret), uniqueCodeKey: uniqueCodeKeyFor(codeSecret), productPictures: false });
}
