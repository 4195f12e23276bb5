import type { Area } from '@kartu/contracts';

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The areas whose name holds every word of the query, in any case and without accents. */
export function filterAreas(areas: readonly Area[], query: string): readonly Area[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return areas;
  return areas.filter((area) => {
    const name = fold(area.name);
    return words.every((word) => name.includes(word));
  });
}
