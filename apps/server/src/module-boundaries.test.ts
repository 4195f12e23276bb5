import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rule that keeps modules apart (tools/eslint-module-boundaries.js), probed with imports
// written into files where they would break it.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function problemsOf(file: string, importLine: string, rule = 'kartu/module-boundaries'): Promise<string[]> {
  const [result] = await eslint.lintText(`${importLine}\nexport const probe = 1;\n`, { filePath: `${repoRoot}apps/server/src/${file}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

describe('the module boundaries lint rule', () => {
  it("refuses a module calling a sibling's service, a kernel module reaching out of the kernel, and a module importing a use case", async () => {
    expect(await problemsOf('modules/catalog/probe.ts', "import { getVoucher } from '../vouchers/vouchers.service.ts';")).toEqual([expect.stringMatching(/^Modules do not call each other: catalog imports modules\/vouchers\/vouchers.service.ts/)]);
    expect(await problemsOf('modules/tenancy/probe.ts', "import { priceCart } from '../catalog/catalog.service.ts';")).toEqual([expect.stringMatching(/^The kernel imports only the kernel: tenancy imports modules\/catalog/)]);
    expect(await problemsOf('modules/card-access/probe.ts', "import { listCards } from '../cards/card-list.service.ts';")).toEqual([expect.stringMatching(/^The kernel imports only the kernel: card-access imports modules\/cards/)]);
    expect(await problemsOf('modules/orders/probe.ts', "import { getCardDetail } from '../../use-cases/card-detail/card-detail.ts';")).toEqual([expect.stringMatching(/^A module never imports a use case/)]);
    expect(await problemsOf('modules/orders/probe.ts', "import { changeProductStock } from '../catalog/catalog.service.ts';")).toEqual([expect.stringMatching(/^Modules do not call each other: orders imports modules\/catalog/)]);
  }, 30_000);

  it('lets a module use the kernel, the card a member holds, and any module’s tables', async () => {
    expect(await problemsOf('modules/catalog/probe.ts', "import { getProgram } from '../programs/programs.service.ts';")).toEqual([]);
    expect(await problemsOf('modules/catalog/probe.ts', "import { getMemberCard } from '../card-access/card-access.service.ts';")).toEqual([]);
    expect(await problemsOf('modules/catalog/probe.ts', "import { vouchers } from '../vouchers/vouchers.table.ts';")).toEqual([]);
    expect(await problemsOf('use-cases/card-detail/probe.ts', "import { getCardSubscription } from '../../modules/subscriptions/membership.service.ts';")).toEqual([]);
  }, 30_000);

  it('lets only a repository publish cache tags', async () => {
    const publishing = "import { publishAfterCommit } from '../../lib/change-feed.ts';";
    expect(await problemsOf('modules/cards/probe.service.ts', publishing, 'no-restricted-syntax')).toEqual([expect.stringMatching(/^Publish cache tags from the repository/)]);
    expect(await problemsOf('use-cases/place-order/probe.ts', "import { publishChanges } from '../../lib/change-feed.ts';", 'no-restricted-syntax')).toEqual([expect.stringMatching(/^Publish cache tags from the repository/)]);
    expect(await problemsOf('modules/cards/probe.repository.ts', publishing, 'no-restricted-syntax')).toEqual([]);
  }, 30_000);
});
