import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ScanAnswer, ScanEarn, ScanQris, UniqueCodeClaim } from '@kartu/contracts';
import { paths } from '../../config/paths.ts';
import { ApiError, describeApiError } from '../../lib/api-client.ts';
import { useTranslation } from '../../lib/i18n.tsx';
import { getFirstActiveCardId } from './api/get-first-card.ts';
import { useScanCode } from './api/scan-code.ts';
import { isScanLock, qrLockPath } from './scan-lock.ts';

/** What the page shows in place of the scanner once a code is dealt with there. */
export type ScanOutcome =
  | { kind: 'earned'; earn: ScanEarn }
  | { kind: 'claimed'; claim: UniqueCodeClaim }
  | { kind: 'refused'; message: string };

/** Navigation state of the QRIS page: the merchant, city and amount read from the code (`qris.qris` is the payload, also in the query). */
export interface ScanQrisState {
  qris: ScanQris;
}

/**
 * A scanner page's handling of what it reads (app-core §2 /qrcode-scanner, scan-to-earn): each code
 * goes to POST /api/qr/scan, and the answer leads on. A card number to adding it, a QRIS to paying
 * it from `cardId` (else the member's first active card), a receipt campaign to its photo page; an
 * earn or a printed code shows its result here. An unrecognised code says how many tries are left
 * and scanning goes on; a lock goes to the QR-lock page; any other refusal shows why, with 'Scan again'.
 */
export function useScanFlow(cardId: string | undefined) {
  const { t } = useTranslation('scan');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const scan = useScanCode();
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Leaving for another page: the next page may still be downloading, and the scanner must not read on meanwhile.
  const [leaving, setLeaving] = useState(false);
  const leave = (to: string, options?: { replace?: boolean; state?: ScanQrisState }) => {
    setLeaving(true);
    void navigate(to, options);
  };

  const refuse = (error: unknown) => {
    const message = describeApiError(error);
    // Nothing to say (the session ended, the call was dropped): the scanner stays.
    if (message) setOutcome({ kind: 'refused', message });
  };

  const payQris = async (qris: ScanQris) => {
    setLeaving(true);
    try {
      const payingCard = cardId ?? (await getFirstActiveCardId(queryClient));
      if (payingCard) return leave(paths.cardScanQris.href({ cardId: payingCard }, { qris: qris.qris }), { state: { qris } });
      setOutcome({ kind: 'refused', message: t('qrisNoCard') });
    } catch (error) {
      refuse(error);
    }
    setLeaving(false);
  };

  const follow = (answer: ScanAnswer) => {
    switch (answer.kind) {
      case 'card':
        return leave(paths.addCardByNumber.href({ cardNo: answer.cardNumber }));
      case 'qris':
        return void payQris(answer.qris);
      case 'receipt':
        return leave(paths.cardScanReceipt.href({ cardId: answer.receipt.cardId, code: answer.receipt.code }));
      case 'earn':
        return setOutcome({ kind: 'earned', earn: answer.earn });
      case 'unique_code':
        return setOutcome({ kind: 'claimed', claim: answer.claim });
    }
  };

  const goToLock = (lock: ApiError) => leave(qrLockPath(lock, cardId), { replace: true });

  const fail = (error: Error) => {
    if (isScanLock(error)) return goToLock(error);
    // spec: business-rules §8 Invalid QR: the attempts left, then the lock; the camera keeps looking.
    if (error instanceof ApiError && error.code === 'QR_INVALID') {
      return setNotice(error.attemptsRemaining === undefined ? describeApiError(error) : t('invalidQr', { count: error.attemptsRemaining }));
    }
    refuse(error);
  };

  const send = (code: string) => {
    if (scan.isPending || leaving) return;
    setNotice(null);
    scan.mutate({ code, ...(cardId ? { cardId } : {}) }, { onSuccess: follow, onError: fail });
  };

  return {
    send,
    /** A code is on its way, or its answer is being followed: the scanner waits. */
    busy: scan.isPending || leaving,
    outcome,
    /** Shows a result got another way (a printed code typed on the page). */
    show: setOutcome,
    /** A lock answered another way (a printed code typed on the page): the QR-lock page. */
    goToLock,
    notice,
    scanAgain: () => {
      setNotice(null);
      setOutcome(null);
    },
  };
}
