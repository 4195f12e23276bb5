import type { BillCategory } from '@kartu/contracts';
import { Icon } from '../../../components/layout/icons.tsx';

/** Each kind's drawing on its tile: a phone, a signal, a bolt, a bill, a shield, a drop, a wallet. */
export function BillKindIcon({ category }: { category: BillCategory }) {
  switch (category) {
    case 'mobile_credit':
      return (
        <Icon>
          <rect x="7" y="2" width="10" height="20" rx="2" />
          <path d="M11 18h2" />
        </Icon>
      );
    case 'mobile_data':
      return (
        <Icon>
          <path d="M4 20v-3M9 20v-7M14 20V9M19 20V4" />
        </Icon>
      );
    case 'electricity_token':
      return (
        <Icon>
          <path d="M13 2L4 14h7l-1 8 9-12h-7z" />
        </Icon>
      );
    case 'electricity_postpaid':
      return (
        <Icon>
          <path d="M6 2h9l4 4v16H6z" />
          <path d="M15 2v4h4M13 9l-3 5h4l-3 5" />
        </Icon>
      );
    case 'health_insurance':
      return (
        <Icon>
          <path d="M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z" />
          <path d="M12 8v6M9 11h6" />
        </Icon>
      );
    case 'water':
      return (
        <Icon>
          <path d="M12 2.5S5 10 5 15a7 7 0 0014 0c0-5-7-12.5-7-12.5z" />
        </Icon>
      );
    case 'ewallet':
      return (
        <Icon>
          <path d="M3 7a2 2 0 012-2h13v4" />
          <path d="M3 7v11a2 2 0 002 2h15V9H5a2 2 0 01-2-2z" />
          <path d="M16 14.5h.01" />
        </Icon>
      );
  }
}
