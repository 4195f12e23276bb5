import type { InboxFacts } from '@kartu/contracts';
import { Icon, TransferIcon } from '../../../components/layout/icons.tsx';

const MegaphoneIcon = () => <Icon><path d="M3 11v2a1 1 0 001 1h3l5 4V6L7 10H4a1 1 0 00-1 1zM16 8.5a5 5 0 010 7M19 6a8.5 8.5 0 010 12" /></Icon>;
const StarIcon = () => <Icon><path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" /></Icon>;
const BagIcon = () => <Icon><path d="M5 8h14l-1 12H6zM9 8V6a3 3 0 016 0v2" /></Icon>;
const WalletIcon = () => <Icon><rect x="3" y="6" width="18" height="13" rx="2" /><path d="M3 10h18M16 15h2" /></Icon>;
const AlertIcon = () => <Icon><circle cx="12" cy="12" r="9" /><path d="M12 7v6M12 16.5v.01" /></Icon>;

/** What a message is about, drawn; its words say the same, so the drawing is hidden from assistive technology. */
export function InboxKindIcon({ facts }: { facts: InboxFacts }) {
  switch (facts.kind) {
    case 'merchant':
      return <MegaphoneIcon />;
    case 'points_earned':
      return <StarIcon />;
    case 'transfer_received':
      return <TransferIcon />;
    case 'order_status':
      return <BagIcon />;
    case 'payment_settled':
      return facts.status === 'paid' ? <WalletIcon /> : <AlertIcon />;
  }
}
