import { getDistricts, getProvinces, getRegencies, getVillages } from 'idn-area-data';

/*
 * Indonesia's administrative areas (docs/decisions/021-addresses.md): 38 provinces, 514 regencies
 * and cities, 7,277 districts and 83,763 villages, from the idn-area-data package (3.1.2). Reading
 * its CSV files takes 0.2 to 0.3 s and the index holds about 22 MB, so they are read on first use
 * (a process that never shows an area picker never pays) and kept for the life of the process.
 */

export const areaLevels = ['province', 'regency', 'district', 'village'] as const;
export type AreaLevel = (typeof areaLevels)[number];

export interface Area {
  code: string;
  name: string;
}

/** An area with the code of the area it belongs to ('' for a province). */
interface IndexedArea extends Area {
  parentCode: string;
}

interface AreaIndex {
  provinces: readonly IndexedArea[];
  byCode: Record<AreaLevel, Map<string, IndexedArea>>;
  /** The areas of the next level down, by the code of the area they belong to, sorted by name. */
  children: Record<Exclude<AreaLevel, 'village'>, Map<string, readonly IndexedArea[]>>;
}

// The data spells provinces and regencies in capitals ("KOTA ADMINISTRASI JAKARTA SELATAN") and
// districts and villages as they are written ("Kebayoran Baru", and abbreviations like "RD. PJKA").
const keptCapitals = new Set(['DKI']);
const keptLowerCase = new Set(['dan']);

/** "KOTA BANDUNG" reads "Kota Bandung", "PANGKAJENE DAN KEPULAUAN" "Pangkajene dan Kepulauan". */
export function displayAreaName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word, index) => {
      if (keptCapitals.has(word)) return word;
      const lower = word.toLowerCase();
      if (index > 0 && keptLowerCase.has(lower)) return lower;
      // "BAU-BAU" reads "Bau-Bau"; an apostrophe ("KI'E") does not start a word.
      return lower.replace(/(^|-)(\p{L})/gu, (_match, start: string, letter: string) => `${start}${letter.toUpperCase()}`);
    })
    .join(' ');
}

const byName = new Intl.Collator('id', { sensitivity: 'base', numeric: true });

function indexLevel<Row extends { code: string; name: string }>(rows: Row[], parentOf: (row: Row) => string, nameOf: (row: Row) => string) {
  const byCode = new Map<string, IndexedArea>();
  const children = new Map<string, IndexedArea[]>();
  for (const row of rows) {
    // The CSV reader answers an empty row for the file's last line break.
    if (!row.code) continue;
    const parentCode = parentOf(row);
    const area = { code: row.code, name: nameOf(row), parentCode };
    byCode.set(row.code, area);
    const siblings = children.get(parentCode);
    if (siblings) siblings.push(area);
    else children.set(parentCode, [area]);
  }
  for (const siblings of children.values()) siblings.sort((a, b) => byName.compare(a.name, b.name));
  return { byCode, children };
}

async function loadAreas(): Promise<AreaIndex> {
  const [provinceRows, regencyRows, districtRows, villageRows] = await Promise.all([getProvinces(), getRegencies(), getDistricts(), getVillages()]);
  const province = indexLevel(provinceRows, () => '', (row) => displayAreaName(row.name));
  const regency = indexLevel(regencyRows, (row) => row.province_code, (row) => displayAreaName(row.name));
  const district = indexLevel(districtRows, (row) => row.regency_code, (row) => row.name.trim());
  const village = indexLevel(villageRows, (row) => row.district_code, (row) => row.name.trim());
  return {
    provinces: province.children.get('') ?? [],
    byCode: { province: province.byCode, regency: regency.byCode, district: district.byCode, village: village.byCode },
    children: { province: regency.children, regency: district.children, district: village.children },
  };
}

let loading: Promise<AreaIndex> | undefined;

/** The area data, read once per process; a failed read is tried again on the next call. */
function areas(): Promise<AreaIndex> {
  loading ??= loadAreas().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export async function provinces(): Promise<readonly Area[]> {
  return (await areas()).provinces;
}

/** The areas one level down from `level`'s area `code`; undefined when there is no such area. */
async function childrenOf(level: Exclude<AreaLevel, 'village'>, code: string): Promise<readonly Area[] | undefined> {
  const index = await areas();
  if (!index.byCode[level].has(code)) return undefined;
  return index.children[level].get(code) ?? [];
}

export const regenciesOf = (provinceCode: string) => childrenOf('province', provinceCode);
export const districtsOf = (regencyCode: string) => childrenOf('regency', regencyCode);
export const villagesOf = (districtCode: string) => childrenOf('district', districtCode);

export interface AreaCodes {
  provinceCode: string;
  regencyCode: string;
  districtCode: string;
  villageCode: string;
}

export type AreaPath = Record<AreaLevel, Area>;

/**
 * The four areas the codes name, each inside the one before it; or the first level whose code names
 * no area inside the previous one (spec: business-rules §5, the pickers are dependent).
 */
export async function areaPath(codes: AreaCodes): Promise<{ path: AreaPath } | { wrongLevel: AreaLevel }> {
  const index = await areas();
  const path: Partial<AreaPath> = {};
  let parentCode = '';
  for (const level of areaLevels) {
    const area = index.byCode[level].get(codes[`${level}Code`]);
    if (!area || area.parentCode !== parentCode) return { wrongLevel: level };
    path[level] = { code: area.code, name: area.name };
    parentCode = area.code;
  }
  return { path: path as AreaPath };
}
