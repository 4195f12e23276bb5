import { addBanner, listProgramBanners, removeBanner } from '../modules/banners/banners.service.ts';
import { CommandError, instant, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { readImageFile } from './images.command.ts';
import { findProgramById } from './operator.repository.ts';

const placements = ['card', 'in-app'] as const;

/** `kartu banners add`: a picture on the pages of a program's cards, in the row or as the in-app banner. */
export async function addBannerCommand(args: string[], { db, out, now, blobs = null }: CliContext): Promise<void> {
  const values = readOptions(args, {
    program: { type: 'string' },
    placement: { type: 'string' },
    title: { type: 'string' },
    file: { type: 'string' },
    link: { type: 'string' },
    position: { type: 'string' },
    starts: { type: 'string' },
    ends: { type: 'string' },
  });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const placement = oneOf(values.placement, placements, 'card', 'placement') === 'in-app' ? 'in_app' : 'card';
  const position = values.position === undefined ? 0 : Number(values.position);
  if (!Number.isInteger(position)) throw new UsageError('--position must be a whole number');
  const bytes = await readImageFile(required(values, 'file'));
  const banner = await addBanner({
    db,
    merchantId: program.merchantId,
    programId: program.id,
    placement,
    title: required(values, 'title'),
    link: values.link ?? null,
    position,
    startsAt: instant(values.starts, 'starts'),
    endsAt: instant(values.ends, 'ends'),
    bytes,
    blobs,
    now: now(),
  });
  out(`Banner ${banner.id} added to "${program.name}" (${placement === 'in_app' ? 'in-app' : 'card page row'}).`);
}

/** `kartu banners list`: a program's banners, shown or not. */
export async function listBannersCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { program: { type: 'string' } });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const rows = await listProgramBanners({ db, merchantId: program.merchantId, programId: program.id });
  if (rows.length === 0) return out(`"${program.name}" has no banners.`);
  for (const row of rows) {
    const window = [row.startsAt ? `from ${row.startsAt.toISOString()}` : null, row.endsAt ? `until ${row.endsAt.toISOString()}` : null].filter(Boolean).join(' ');
    out(`${row.id}  ${row.placement === 'in_app' ? 'in-app' : 'card'} #${row.position}  "${row.title}"${row.link ? ` → ${row.link}` : ''}${window ? `  ${window}` : ''}`);
  }
}

/** `kartu banners remove`: takes a banner down. */
export async function removeBannerCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, id: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  if (!(await removeBanner({ db, merchantId: merchant.id, bannerId: required(values, 'id') }))) throw new CommandError(`${merchant.mid} has no banner ${values.id}`);
  out(`Banner ${values.id} removed.`);
}
