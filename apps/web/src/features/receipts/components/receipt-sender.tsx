import { useState } from 'react';
import type { Receipt } from '@kartu/contracts';
import { ReceiptPhotoForm } from './receipt-photo-form.tsx';
import { ReceiptSent } from './receipt-sent.tsx';

/** The photo form, then the news of the receipt sent, then the form again for another one. */
export function ReceiptSender({ cardId, code }: { cardId: string; code: string | undefined }) {
  const [sent, setSent] = useState<Receipt | null>(null);
  const [another, setAnother] = useState(false);
  if (sent) {
    return (
      <ReceiptSent
        receipt={sent}
        onAnother={() => {
          setSent(null);
          setAnother(true);
        }}
      />
    );
  }
  return <ReceiptPhotoForm cardId={cardId} code={code} onSent={setSent} focusOnOpen={another} />;
}
