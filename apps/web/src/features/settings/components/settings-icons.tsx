import { Icon } from '../../../components/layout/icons.tsx';

/** A map pin: the delivery addresses row. */
export const MapPinIcon = () => <Icon><path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" /></Icon>;

/** A head and shoulders: the profile row. */
export const PersonIcon = () => <Icon><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0116 0" /></Icon>;
