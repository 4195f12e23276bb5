import { Icon } from '../../../components/layout/icons.tsx';

/** A map pin: the delivery addresses row. */
export const MapPinIcon = () => <Icon><path d="M12 21s-7-6.2-7-11.5a7 7 0 0114 0C19 14.8 12 21 12 21z" /><circle cx="12" cy="9.5" r="2.5" /></Icon>;

/** A head and shoulders: the profile row. */
export const PersonIcon = () => <Icon><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0116 0" /></Icon>;

/** A page with lines: the terms and conditions row. */
export const DocumentIcon = () => <Icon><path d="M7 3h7l5 5v13H7z" /><path d="M14 3v5h5M10 13h6M10 17h6" /></Icon>;

/** A shield: the privacy policy row. */
export const ShieldIcon = () => <Icon><path d="M12 3l7 3v5c0 4.6-3 8.4-7 10-4-1.6-7-5.4-7-10V6z" /></Icon>;
