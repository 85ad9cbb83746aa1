import { between, chance, mix32, mulberry32, pick, pickWeighted, type TRandom } from '../catalogue/generate-offers';
import layouts from './demo-table-layouts.json' with { type: 'json' };
import vocabulary from './demo-vocabulary.json' with { type: 'json' };

/** A column of a demo table; `type` decides how spreadsheets store it. */
export type TDemoColumn = { key: string; type: 'string' | 'number' | 'integer' | 'boolean' | 'date' };

/** Cells of one row, in column order; dates are ISO strings (a day or an instant in UTC). */
export type TDemoRow = (string | number | boolean)[];

/**
 * The content of one kind of demo data set: a table whose rows each lie at a point, so that it can be written as
 * CSV, JSON, spreadsheet and GeoJSON alike. `latitude` and `longitude` name the columns of the point.
 */
export type TDemoTable = {
  kind: TDemoKind;
  /** The sheet name in a spreadsheet (31 characters at most). */
  sheet: string;
  columns: TDemoColumn[];
  rows: TDemoRow[];
};

type TCity = (typeof vocabulary.cities)[number];

/** The kinds of demo data, each written in every demo format. */
export const DEMO_KINDS = [
  'air-quality-measurements',
  'bus-stops',
  'municipal-budget',
  'population-by-district',
  'ev-charging-stations',
  'weather-observations',
  'schools',
  'traffic-counts',
] as const;
export type TDemoKind = (typeof DEMO_KINDS)[number];

/** The demo's "now": every date lies before it, so the files are the same on every machine and day. */
const DEMO_EPOCH = Date.UTC(2026, 9, 1);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** A point within `radiusKm` of a city centre, spread like a town: denser towards the middle. */
function pointNear(random: TRandom, city: TCity, radiusKm: number): [number, number] {
  const distance = radiusKm * Math.sqrt(random()) * (0.3 + 0.7 * random());
  const angle = random() * 2 * Math.PI;
  const lat = city.lat + (distance / 111.32) * Math.sin(angle);
  const lon = city.lon + (distance / (111.32 * Math.cos((city.lat * Math.PI) / 180))) * Math.cos(angle);
  return [round(lat, 6), round(lon, 6)];
}

/** A roughly normal value (sum of uniforms), never below `min`. */
function gauss(random: TRandom, mean: number, spread: number, min = 0): number {
  const normal = random() + random() + random() + random() - 2;
  return Math.max(min, mean + normal * spread);
}

const isoHour = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

function airQuality(random: TRandom): TDemoRow[] {
  const stations = vocabulary.cities.flatMap((city, cityIndex) =>
    ['Verkehr', 'Hintergrund'].map((type, typeIndex) => {
      const [lat, lon] = pointNear(random, city, 6);
      const code = `DE${city.ags.slice(0, 2)}${String(cityIndex * 2 + typeIndex + 1).padStart(3, '0')}`;
      return { code, name: `${city.name} ${pick(random, vocabulary.streets)} (${type})`, city, lat, lon, type };
    }),
  );
  const rows: TDemoRow[] = [];
  const days = 7;
  const start = DEMO_EPOCH - days * DAY;
  for (let hour = 0; hour < days * 24; hour++) {
    const at = start + hour * HOUR;
    const hourOfDay = hour % 24;
    const rush = hourOfDay >= 6 && hourOfDay <= 9 ? 1.6 : hourOfDay >= 16 && hourOfDay <= 19 ? 1.4 : 1;
    const sun = Math.max(0, Math.sin(((hourOfDay - 6) / 12) * Math.PI));
    for (const station of stations) {
      const traffic = station.type === 'Verkehr' ? 1.5 : 1;
      const no2 = gauss(random, 22 * traffic * rush, 8, 1);
      const pm10 = gauss(random, 17 * (0.8 + 0.2 * traffic), 6, 1);
      rows.push([
        station.code,
        station.name,
        station.city.name,
        station.lat,
        station.lon,
        isoHour(at),
        round(no2, 1),
        round(pm10, 1),
        round(pm10 * (0.55 + 0.15 * random()), 1),
        round(gauss(random, 25 + 50 * sun - no2 * 0.3, 10, 1), 1),
      ]);
    }
  }
  return rows;
}

function busStops(random: TRandom): TDemoRow[] {
  const rows: TDemoRow[] = [];
  for (const city of vocabulary.cities) {
    const count = Math.round(city.population / 5000);
    const names = new Set<string>();
    for (let index = 0; index < count; index++) {
      let name = '';
      while (name === '' || names.has(name)) {
        name = chance(random, 0.12)
          ? `${pick(random, vocabulary.stopLandmarks)}${pick(random, vocabulary.stopSuffixes)}`
          : `${pick(random, vocabulary.streets)}${pick(random, vocabulary.stopSuffixes)}`;
        if (names.has(name)) name = `${name} ${between(random, 2, 9)}`;
      }
      names.add(name);
      const [lat, lon] = pointNear(random, city, 9);
      const lines = Array.from({ length: between(random, 1, 4) }, () => String(between(random, 1, 199)));
      rows.push([
        `de:${city.ags.slice(0, 5)}:${10_000 + index}`,
        name,
        city.name,
        lat,
        lon,
        chance(random, 0.72),
        chance(random, 0.55),
        [...new Set(lines)].join(' '),
      ]);
    }
  }
  return rows;
}

function municipalBudget(random: TRandom): TDemoRow[] {
  const rows: TDemoRow[] = [];
  for (const city of vocabulary.cities) {
    const perHead = gauss(random, 4200, 500, 2500);
    for (let year = 2024; year <= 2026; year++) {
      const growth = 1 + (year - 2024) * 0.035;
      for (const [area, areaName] of vocabulary.budgetAreas) {
        const areaShare = 0.02 + random() * 0.09;
        for (const [account, accountName, side] of vocabulary.budgetAccounts) {
          const planned = Math.round(
            city.population * perHead * areaShare * growth * (0.05 + random() * 0.3) * (side === 'Ertrag' ? 0.8 : 1),
          );
          const actual = year === 2026 ? null : Math.round(planned * gauss(random, 1, 0.04, 0.7));
          rows.push([
            city.ags,
            city.name,
            city.lat,
            city.lon,
            year,
            `${area}`,
            areaName!,
            account!,
            accountName!,
            side!,
            planned,
            actual ?? '',
          ]);
        }
      }
    }
  }
  return rows;
}

function populationByDistrict(random: TRandom): TDemoRow[] {
  const shares = [0.052, 0.074, 0.025, 0.078, 0.29, 0.27, 0.15, 0.061];
  const rows: TDemoRow[] = [];
  for (const city of vocabulary.cities) {
    const weights = city.districts.map(() => 0.5 + random());
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    city.districts.forEach((district, index) => {
      const [lat, lon] = pointNear(random, city, 5);
      const base = (city.population * weights[index]!) / total;
      for (let year = 2023; year <= 2025; year++) {
        const trend = 1 + (year - 2023) * gauss(random, 0.004, 0.004, -0.02);
        vocabulary.ageGroups.forEach((group, groupIndex) => {
          const people = Math.round(base * trend * shares[groupIndex]! * gauss(random, 1, 0.05, 0.6));
          const female = Math.round(people * (groupIndex >= 6 ? 0.57 : 0.495 + random() * 0.02));
          rows.push([city.ags, city.name, district, lat, lon, `${year}-12-31`, group, people, female, people - female]);
        });
      }
    });
  }
  return rows;
}

function chargingStations(random: TRandom): TDemoRow[] {
  const rows: TDemoRow[] = [];
  let id = 1;
  for (const city of vocabulary.cities) {
    const count = Math.round(city.population / 4000);
    for (let index = 0; index < count; index++) {
      const [lat, lon] = pointNear(random, city, 10);
      const isFast = chance(random, 0.22);
      const operator = pick(random, vocabulary.chargingOperators);
      const commissioned = DEMO_EPOCH - Math.floor(random() * 9 * 365) * DAY;
      rows.push([
        `DE*${String(id++).padStart(6, '0')}`,
        operator === 'Stadtwerke' ? `Stadtwerke ${city.name}` : operator,
        `${pick(random, vocabulary.streets)} ${between(random, 1, 180)}`,
        city.name,
        lat,
        lon,
        isFast ? pick(random, [50, 150, 150, 300]) : pick(random, [11, 22, 22]),
        between(random, 1, isFast ? 8 : 4),
        isFast ? 'CCS' : 'Typ 2',
        isoDay(commissioned),
      ]);
    }
  }
  return rows;
}

function weatherObservations(random: TRandom): TDemoRow[] {
  const rows: TDemoRow[] = [];
  const days = 120;
  const start = DEMO_EPOCH - days * DAY;
  vocabulary.cities.forEach((city, cityIndex) => {
    const stations = vocabulary.weatherStations.slice(0, 2 + (cityIndex % 3));
    for (const [stationIndex, stationName] of stations.entries()) {
      const [lat, lon] = pointNear(random, city, 8);
      const code = String(1000 + cityIndex * 10 + stationIndex).padStart(5, '0');
      for (let day = 0; day < days; day++) {
        const at = start + day * DAY;
        const season = Math.sin(((day + 274 - 110) / 365) * 2 * Math.PI);
        const mean = 10 + 9 * season - (city.lat - 50) * 0.4;
        const max = gauss(random, mean + 4.5, 2.5, -15);
        const rain = chance(random, 0.45) ? round(Math.min(45, -Math.log(1 - random()) * 4), 1) : 0;
        rows.push([
          code,
          `${city.name}-${stationName}`,
          lat,
          lon,
          isoDay(at),
          round(max - gauss(random, 8, 2, 1), 1),
          round(max, 1),
          rain,
          round(Math.max(0, gauss(random, 4.5 + 3.5 * season, 2.5) - rain * 0.3), 1),
          round(gauss(random, 3.2, 1.2, 0.2), 1),
        ]);
      }
    }
  });
  return rows;
}

function schools(random: TRandom): TDemoRow[] {
  const rows: TDemoRow[] = [];
  const types = vocabulary.schoolTypes as unknown as (readonly [string, number])[];
  for (const city of vocabulary.cities) {
    const count = Math.round(city.population / 8000);
    for (let index = 0; index < count; index++) {
      const type = pickWeighted(random, types);
      const [lat, lon] = pointNear(random, city, 9);
      const pupils = Math.round(
        gauss(random, type === 'Grundschule' ? 260 : 720, type === 'Grundschule' ? 80 : 220, 40),
      );
      const name = chance(random, 0.55)
        ? `${pick(random, vocabulary.schoolPatrons)}-${type}`
        : `${type} ${pick(random, vocabulary.streets)}`;
      rows.push([
        `${city.ags.slice(0, 5)}${String(index + 1).padStart(4, '0')}`,
        name,
        type,
        chance(random, 0.9) ? 'öffentlich' : 'privat',
        `${pick(random, vocabulary.streets)} ${between(random, 1, 120)}`,
        pick(random, city.districts),
        city.name,
        lat,
        lon,
        pupils,
        Math.max(4, Math.round(pupils / gauss(random, 15, 2, 9))),
        chance(random, 0.68),
      ]);
    }
  }
  return rows;
}

function trafficCounts(random: TRandom): TDemoRow[] {
  const points = vocabulary.cities.slice(0, 8).flatMap((city) =>
    Array.from({ length: 4 }, (_, index) => {
      const [lat, lon] = pointNear(random, city, 7);
      return {
        id: `${city.name.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(3, '0')}`,
        road: pick(random, vocabulary.streets),
        city: city.name,
        lat,
        lon,
        volume: gauss(random, 900, 300, 200),
      };
    }),
  );
  const profile = [
    0.1, 0.06, 0.05, 0.06, 0.14, 0.45, 0.85, 1, 0.9, 0.7, 0.65, 0.7, 0.75, 0.72, 0.74, 0.82, 0.95, 1, 0.85,
  ];
  const rows: TDemoRow[] = [];
  const days = 7;
  const start = DEMO_EPOCH - days * DAY;
  for (let hour = 0; hour < days * 24; hour++) {
    const at = start + hour * HOUR;
    const weekday = new Date(at).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
    const share = profile[hour % 24] ?? 0.5 - ((hour % 24) - 19) * 0.08;
    for (const point of points) {
      const cars = Math.round(gauss(random, point.volume * share * weekend, point.volume * 0.05));
      rows.push([
        point.id,
        point.road,
        point.city,
        point.lat,
        point.lon,
        isoHour(at),
        cars,
        Math.round(cars * gauss(random, 0.07, 0.02)),
        Math.round(cars * gauss(random, 0.12, 0.05) * weekend),
        round(gauss(random, 42 - share * 12, 4, 5), 1),
      ]);
    }
  }
  return rows;
}

const BUILDERS: Record<TDemoKind, (random: TRandom) => TDemoRow[]> = {
  'air-quality-measurements': airQuality,
  'bus-stops': busStops,
  'municipal-budget': municipalBudget,
  'population-by-district': populationByDistrict,
  'ev-charging-stations': chargingStations,
  'weather-observations': weatherObservations,
  schools,
  'traffic-counts': trafficCounts,
};

/** The table of one kind: the same rows on every call and machine (a seeded generator per kind). */
export function buildDemoTable(kind: TDemoKind): TDemoTable {
  const seed = [...kind].reduce((hash, char) => mix32(hash ^ char.charCodeAt(0)), 0x0de70da7);
  const layout = layouts[kind] as { sheet: string; columns: TDemoColumn[] };
  return { kind, sheet: layout.sheet, columns: layout.columns, rows: BUILDERS[kind](mulberry32(seed)) };
}
