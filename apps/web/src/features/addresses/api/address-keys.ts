/** The levels of an address's area, from the widest to the narrowest (decision 021). */
export const areaLevels = ['province', 'regency', 'district', 'village'] as const;
export type AreaLevel = (typeof areaLevels)[number];

/**
 * Query keys of the address book. A write invalidates `lists()`; the area lists sit apart, since they
 * change only with a release and are shared by every address form.
 */
export const addressKeys = {
  all: ['addresses'] as const,
  lists: () => [...addressKeys.all, 'list'] as const,
  details: () => [...addressKeys.all, 'detail'] as const,
  detail: (addressId: string) => [...addressKeys.details(), addressId] as const,
  areas: (level: AreaLevel, parentCode: string | null) => ['areas', level, parentCode ?? ''] as const,
};
