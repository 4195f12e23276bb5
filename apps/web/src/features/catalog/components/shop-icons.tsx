import { Icon } from '../../../components/layout/icons.tsx';

export const CartIcon = () => <Icon><circle cx="9" cy="20" r="1.5" /><circle cx="18" cy="20" r="1.5" /><path d="M2 3h3l2.4 11.2a2 2 0 002 1.6h8.3a2 2 0 002-1.5L21 7H6" /></Icon>;
export const FilterIcon = () => <Icon><path d="M4 6h16M7 12h10M10 18h4" /></Icon>;
export const OrdersIcon = () => <Icon><path d="M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6" /></Icon>;
