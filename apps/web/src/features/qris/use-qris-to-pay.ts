import { useLocation } from 'react-router';
import type { ScanQris } from '@kartu/contracts';
import { describeApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { useReadQris } from './api/read-qris.ts';
import { looksLikeQris, qrisFromScanner } from './qris-rules.ts';

export type QrisToPay =
  | { kind: 'ready'; qris: ScanQris }
  | { kind: 'reading' }
  /** The page was opened without a QRIS. */
  | { kind: 'none' }
  | { kind: 'refused'; message: string };

/**
 * The QRIS the page pays: the scanner's (navigation state), or, when only the address has it (a
 * reload, a shared link), read again by POST /api/qr/scan.
 */
export function useQrisToPay(cardId: string, payload: string): QrisToPay {
  const { t: common } = useTranslation();
  const location = useLocation();
  const fromScanner = qrisFromScanner(location.state, payload);
  const readable = !fromScanner && looksLikeQris(payload);
  const read = useReadQris(payload, cardId, { enabled: readable });

  if (fromScanner) return { kind: 'ready', qris: fromScanner };
  if (payload === '') return { kind: 'none' };
  const unrecognised = { kind: 'refused', message: common('errors.QRIS_UNRECOGNISED') } as const;
  if (!readable) return unrecognised;
  if (read.isPending) return { kind: 'reading' };
  if (read.isError) return { kind: 'refused', message: describeApiError(read.error) ?? unrecognised.message };
  return read.data ? { kind: 'ready', qris: read.data } : unrecognised;
}
