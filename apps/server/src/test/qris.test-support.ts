import { buildQris } from '@kartu/core/qris';

/** A static QRIS of a warung in Bandung, as its sticker at the counter holds it: the member types the amount. */
export const warungQris = buildQris([
  { id: '00', value: '01' },
  { id: '01', value: '11' },
  { id: '26', value: '0014ID.CO.QRIS.WWW0118936008990000000001' },
  { id: '52', value: '5812' },
  { id: '53', value: '360' },
  { id: '58', value: 'ID' },
  { id: '59', value: 'WARUNG BU SARI' },
  { id: '60', value: 'BANDUNG' },
]);
