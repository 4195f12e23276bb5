import { receiptCampaignBodySchema, receiptStatuses } from '@kartu/contracts';
import { inTransaction } from '../db/database.ts';
import { createReceiptCampaign } from '../modules/receipts/receipts.service.ts';
import { merchantReceipts, reviewReceipt } from '../use-cases/receipt-review/review-receipt.ts';
import { CommandError, merchantByMid, oneOf, readOptions, required, UsageError, type CliContext } from './cli.context.ts';
import { findProgramById } from './operator.repository.ts';

/** `kartu receipts campaign`: a receipt campaign of a program, its code printed or shown as a QR code. */
export async function addReceiptCampaignCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { program: { type: 'string' }, code: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, starts: { type: 'string' }, ends: { type: 'string' } });
  const program = await findProgramById(db, required(values, 'program'));
  if (!program) throw new CommandError(`No program has the id ${values.program}`);
  const parsed = receiptCampaignBodySchema.safeParse({
    programId: program.id,
    code: required(values, 'code'),
    name: required(values, 'name'),
    description: values.description ?? null,
    startsAt: values.starts ? new Date(values.starts).toISOString() : now().toISOString(),
    endsAt: new Date(required(values, 'ends')).toISOString(),
  });
  if (!parsed.success) throw new UsageError(`The campaign is not valid: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  const campaign = await createReceiptCampaign({ db, merchantId: program.merchantId, body: parsed.data, now: now() });
  out(`Receipt campaign ${campaign.code} of "${program.name}" runs until ${campaign.endsAt.toISOString()}.`);
}

/** `kartu receipts list`: receipts waiting for review (or reviewed), oldest first. */
export async function listReceiptsCommand(args: string[], { db, out }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, status: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  const status = oneOf(values.status, receiptStatuses, 'submitted', 'status');
  const receipts = await merchantReceipts({ db, merchantId: merchant.id, status });
  if (receipts.length === 0) return out(`${merchant.mid} has no ${status} receipt.`);
  for (const receipt of receipts) {
    out(`${receipt.id}  card ${receipt.cardNumber}  ${receipt.campaignCode ?? '(no campaign)'}  ${receipt.status}  sent ${receipt.submittedAt}${receipt.earned === null ? '' : `  earned ${receipt.earned}`}${receipt.note ? `  "${receipt.note}"` : ''}`);
  }
}

/** `kartu receipts review`: approves a receipt with its bill's amount, or rejects it with a reason. */
export async function reviewReceiptCommand(args: string[], { db, out, now }: CliContext): Promise<void> {
  const values = readOptions(args, { merchant: { type: 'string' }, id: { type: 'string' }, approve: { type: 'boolean' }, amount: { type: 'string' }, bill: { type: 'string' }, reject: { type: 'boolean' }, note: { type: 'string' } });
  const merchant = await merchantByMid(db, required(values, 'merchant').toUpperCase());
  if (values.approve === values.reject) throw new UsageError('Give --approve --amount <minor units> or --reject --note <text>');
  const amount = values.approve ? required(values, 'amount') : '';
  if (values.approve && !/^[1-9]\d{0,14}$/.test(amount)) throw new UsageError('--amount takes a whole number above 0');
  const body = values.approve
    ? { decision: 'approve' as const, amount: Number(amount), ...(values.bill && { billNumber: values.bill }) }
    : { decision: 'reject' as const, note: required(values, 'note') };
  const receipt = await inTransaction(db, (tx) => reviewReceipt({ tx, merchantId: merchant.id, receiptId: required(values, 'id'), body, now: now() }));
  out(receipt.status === 'approved' ? `Receipt ${receipt.id} approved: the card earned ${receipt.earned}.` : `Receipt ${receipt.id} rejected.`);
}
