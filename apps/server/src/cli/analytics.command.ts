import { analyticsEventNames } from '@kartu/contracts';
import { dailyEventCounts } from '../modules/analytics/analytics.service.ts';
import { merchantByMid, readOptions, required, UsageError, type CliContext } from './cli.context.ts';

/** `kartu analytics report`: a table of the merchant's events per day, one column per event, days in its time zone. */
export async function analyticsReportCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, days: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const days = values.days === undefined ? 7 : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new UsageError('--days takes 1 to 366');
  const counts = await dailyEventCounts({ db, merchantId: merchant.id, timeZone: merchant.timezone, days, now: now() });
  if (counts.length === 0) return out(`No events of ${merchant.mid} in the last ${days} days.`);
  const dates = [...new Set(counts.map((row) => row.day))];
  const header = ['day', ...analyticsEventNames];
  const rows = dates.map((day) => [day, ...analyticsEventNames.map((name) => String(counts.find((row) => row.day === day && row.name === name)?.count ?? 0))]);
  const totals = ['total', ...analyticsEventNames.map((name) => String(counts.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0)))];
  const table = [header, ...rows, totals];
  const widths = header.map((_title, column) => Math.max(...table.map((row) => row[column]?.length ?? 0)));
  out(`Events of ${merchant.mid} (${merchant.timezone}), last ${days} days:`);
  for (const row of table) out(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  '));
}
