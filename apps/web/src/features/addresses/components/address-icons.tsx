import type { AddressType } from '@kartu/contracts';
import { Icon } from '../../../components/layout/icons.tsx';

export const HomeIcon = () => <Icon><path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" /></Icon>;
export const OfficeIcon = () => <Icon><rect x="4" y="3" width="16" height="18" rx="1" /><path d="M9 7h2M13 7h2M9 11h2M13 11h2M9 15h2M13 15h2M10 21v-3h4v3" /></Icon>;
export const PinIcon = () => <Icon><path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" /></Icon>;

/** The drawing of an address's type: a house, an office building, or a map pin. */
export function AddressTypeIcon({ type }: { type: AddressType }) {
  if (type === 'home') return <HomeIcon />;
  if (type === 'office') return <OfficeIcon />;
  return <PinIcon />;
}
