import { CATEGORIES, type TCategory, type TPaymentModel } from '@dsm/contracts';
import { LICENCE_CATALOGUE } from './licence-catalogue';
import type { TAgentRecord, TDatasetRecord, TDistributionRecord, TOfferRecord } from './offer-record';

export type TGenerateOffersOptions = {
  /** How many offers to generate. */
  count: number;
  /** Same seed, same catalogue. */
  seed?: number;
  /** Index of the first offer: a chunk from `start` equals the same slice of one long run. */
  start?: number;
};

// ---------------------------------------------------------------------------------------------------------------
// Randomness: one small PRNG per offer, seeded from (seed, index), so any offer can be made without the ones
// before it and chunks can be generated independently (or in parallel) with identical results.

export type TRandom = () => number;

/** mulberry32: tiny, fast and good enough for demo data. */
export function mulberry32(seed: number): TRandom {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** murmur3's finaliser: a bijection on 32-bit integers, so distinct indexes get distinct streams. */
export function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

export const pick = <T>(random: TRandom, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const chance = (random: TRandom, probability: number): boolean => random() < probability;
export const between = (random: TRandom, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1));
const logUniform = (random: TRandom, min: number, max: number): number =>
  Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));

export function pickWeighted<T>(random: TRandom, items: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, weight] of items) total += weight;
  let roll = random() * total;
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

const hex = (value: number, digits: number): string =>
  (value >>> 0)
    .toString(16)
    .padStart(8, '0')
    .slice(8 - digits);

/** A URL-safe slug; German letters are transliterated the way German URLs spell them. */
export function slugify(text: string): string {
  return text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------------------------
// Vocabulary: topics per category with German and English phrasings and the keywords portals tag them with.

type TTopic = {
  de: readonly string[];
  en: readonly string[];
  keywords: readonly string[];
  /** A time series and how often it is plausibly updated: titles and descriptions may name the frequency. */
  series?: 'fast' | 'slow' | 'any';
  detailDe?: string;
  detailEn?: string;
};

type TCategoryVocabulary = { topics: readonly TTopic[]; keywords: readonly string[] };

const VOCABULARY: Record<TCategory, TCategoryVocabulary> = {
  ENVIRONMENT: {
    keywords: ['Umwelt', 'environment', 'Klima', 'climate', 'Monitoring', 'Messnetz', 'Umweltdaten'],
    topics: [
      {
        de: ['Luftqualitätsmessungen', 'Messungen der Luftqualität', 'Luftschadstoffmessungen'],
        en: ['air quality measurements', 'air pollutant measurements', 'air quality readings'],
        keywords: ['Luftqualität', 'air quality', 'Feinstaub', 'PM10', 'PM2.5', 'Stickstoffdioxid', 'NO2', 'Ozon'],
        series: 'fast',
        detailDe:
          'Erfasst werden Stickstoffdioxid (NO₂), Feinstaub (PM10, PM2,5) und Ozon an Verkehrs- und Hintergrundstationen.',
        detailEn:
          'Nitrogen dioxide (NO₂), particulate matter (PM10, PM2.5) and ozone are recorded at traffic and background stations.',
      },
      {
        de: ['Lärmkarten', 'Straßenverkehrslärmkarten'],
        en: ['noise maps', 'road traffic noise maps'],
        keywords: ['Lärm', 'noise', 'Umgebungslärm', 'Lärmaktionsplan', 'Lden'],
        detailDe: 'Die Karten zeigen den Lärmindex Lden und Lnight nach der EU-Umgebungslärmrichtlinie.',
        detailEn: 'The maps show the Lden and Lnight noise indicators under the EU Environmental Noise Directive.',
      },
      {
        de: ['Grundwasserstände', 'Grundwassermessstellen und Pegelstände'],
        en: ['groundwater levels', 'groundwater monitoring wells'],
        keywords: ['Grundwasser', 'groundwater', 'Pegel', 'Hydrologie', 'hydrology', 'Messstellen'],
        series: 'any',
        detailDe: 'Die Grundwasserstände werden an amtlichen Messstellen in Metern über Normalhöhennull angegeben.',
        detailEn: 'Groundwater levels are given in metres above sea level at official monitoring wells.',
      },
      {
        de: ['Gewässergütedaten', 'Messungen der Wasserqualität in Fließgewässern'],
        en: ['river water quality data', 'water quality measurements in rivers'],
        keywords: ['Wasserqualität', 'water quality', 'Gewässer', 'Nitrat', 'nitrate', 'Wasserrahmenrichtlinie'],
        series: 'any',
      },
      {
        de: ['Hochwassergefahrenkarten', 'Überschwemmungsgebiete'],
        en: ['flood hazard maps', 'flood risk areas'],
        keywords: ['Hochwasser', 'flood risk', 'Überschwemmungsgebiete', 'Starkregen', 'heavy rain'],
      },
      {
        de: ['Straßenbäume', 'Stadtbäume im Baumkataster'],
        en: ['street trees', 'urban tree inventory'],
        keywords: ['Stadtbäume', 'urban trees', 'Baumkataster', 'Stadtgrün', 'green spaces'],
        detailDe: 'Zu jedem Baum sind Art, Pflanzjahr, Stammumfang und Standort angegeben.',
        detailEn: 'Each tree comes with its species, planting year, trunk circumference and location.',
      },
      {
        de: ['Wetterbeobachtungen', 'Niederschlags- und Temperaturmessungen'],
        en: ['weather observations', 'precipitation and temperature measurements'],
        keywords: ['Wetter', 'weather', 'Niederschlag', 'precipitation', 'Temperatur', 'temperature'],
        series: 'fast',
      },
    ],
  },
  JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY: {
    keywords: ['Sicherheit', 'public safety', 'Justiz', 'justice', 'Recht', 'Ordnung'],
    topics: [
      {
        de: ['Polizeiliche Kriminalstatistiken', 'Fallzahlen der Polizeilichen Kriminalstatistik'],
        en: ['police crime statistics', 'recorded crime figures'],
        keywords: ['Kriminalität', 'crime', 'Polizei', 'police', 'Straftaten', 'PKS'],
      },
      {
        de: ['Verkehrsunfälle', 'Unfalldaten des Unfallatlas'],
        en: ['road traffic accidents', 'accident records'],
        keywords: ['Unfallatlas', 'accidents', 'Verkehrssicherheit', 'road safety', 'Unfälle'],
        detailDe: 'Enthalten sind Unfälle mit Personenschaden mit Ort, Zeit, Unfallart und Beteiligten.',
        detailEn: 'The data covers accidents with personal injury with location, time, type and the parties involved.',
      },
      {
        de: ['Feuerwehreinsätze', 'Einsätze von Feuerwehr und Rettungsdienst'],
        en: ['fire brigade operations', 'fire and rescue call-outs'],
        keywords: ['Feuerwehr', 'fire service', 'Einsätze', 'Brandschutz', 'Katastrophenschutz'],
        series: 'any',
      },
      {
        de: ['Gerichtsentscheidungen', 'Entscheidungen der Verwaltungsgerichte'],
        en: ['court decisions', 'administrative court rulings'],
        keywords: ['Rechtsprechung', 'case law', 'Gerichte', 'courts', 'Urteile'],
      },
      {
        de: ['Bußgeldverfahren', 'Verwarnungen im ruhenden Verkehr'],
        en: ['fine proceedings', 'parking fines'],
        keywords: ['Bußgeld', 'fines', 'Ordnungswidrigkeiten', 'Ordnungsamt'],
        series: 'any',
      },
    ],
  },
  REGIONS_AND_CITIES: {
    keywords: ['Stadt', 'city', 'Kommune', 'municipality', 'Region', 'Stadtentwicklung'],
    topics: [
      {
        de: ['Einwohnerzahlen nach Stadtteilen', 'Einwohner nach statistischen Bezirken'],
        en: ['population by district', 'residents by statistical area'],
        keywords: ['Stadtteile', 'districts', 'Einwohner', 'Kleinräumige Gliederung', 'Stadtbezirke'],
        series: 'slow',
      },
      {
        de: ['Bebauungspläne', 'Rechtskräftige Bebauungspläne'],
        en: ['development plans', 'zoning plans'],
        keywords: ['Bauleitplanung', 'zoning', 'Stadtplanung', 'urban planning', 'XPlanung'],
        detailDe: 'Die Pläne liegen als georeferenzierte Rasterdaten und im Standard XPlanung vor.',
        detailEn: 'The plans are available as georeferenced rasters and in the XPlanung standard.',
      },
      {
        de: ['Stadtteilprofile', 'Kennzahlen der Sozialräume'],
        en: ['neighbourhood profiles', 'neighbourhood indicators'],
        keywords: ['Sozialraum', 'neighbourhoods', 'Quartier', 'Kennzahlen'],
      },
      {
        de: ['Wahlbezirke', 'Stimmbezirke und Wahllokale'],
        en: ['electoral districts', 'polling districts and polling stations'],
        keywords: ['Wahlbezirke', 'polling stations', 'Stimmbezirke'],
      },
      {
        de: ['Öffentliche Toiletten', 'Standorte öffentlicher Toiletten'],
        en: ['public toilets', 'public toilet locations'],
        keywords: ['Toiletten', 'facilities', 'Barrierefreiheit', 'accessibility'],
      },
    ],
  },
  SCIENCE_AND_TECHNOLOGY: {
    keywords: ['Wissenschaft', 'science', 'Technologie', 'technology', 'Hochschule', 'Forschungsdaten'],
    topics: [
      {
        de: ['Geförderte Forschungsprojekte', 'Forschungsprojekte und Fördersummen'],
        en: ['funded research projects', 'research projects and grants'],
        keywords: ['Forschung', 'research', 'Förderung', 'funding', 'Drittmittel'],
      },
      {
        de: ['Patentanmeldungen', 'Patentanmeldungen nach Technologiefeldern'],
        en: ['patent applications', 'patent applications by technology field'],
        keywords: ['Patente', 'patents', 'Innovation', 'innovation'],
        series: 'slow',
      },
      {
        de: ['Satellitenbilder', 'Sentinel-2-Satellitenszenen'],
        en: ['satellite imagery', 'Sentinel-2 satellite scenes'],
        keywords: ['Fernerkundung', 'remote sensing', 'Copernicus', 'Sentinel-2', 'Erdbeobachtung'],
        detailDe: 'Die Szenen sind atmosphärenkorrigiert und auf wolkenarme Aufnahmen gefiltert.',
        detailEn: 'Scenes are atmospherically corrected and filtered for low cloud cover.',
      },
      {
        de: ['Sensordaten aus dem Internet der Dinge', 'IoT-Sensormessungen'],
        en: ['IoT sensor readings', 'Internet of Things sensor data'],
        keywords: ['IoT', 'Sensoren', 'sensors', 'LoRaWAN', 'Smart City'],
        series: 'fast',
      },
      {
        de: ['Bodenfeuchtemessungen', 'Messreihen der Bodenfeuchte'],
        en: ['soil moisture measurements', 'soil moisture series'],
        keywords: ['Bodenfeuchte', 'soil moisture', 'Messstationen', 'Dürremonitor', 'drought'],
        series: 'any',
      },
    ],
  },
  ECONOMY_AND_FINANCE: {
    keywords: ['Wirtschaft', 'economy', 'Finanzen', 'finance', 'Konjunktur', 'Wirtschaftsstatistik'],
    topics: [
      {
        de: ['Gewerbeanmeldungen', 'Gewerbean- und -abmeldungen'],
        en: ['business registrations', 'business registrations and deregistrations'],
        keywords: ['Gewerbe', 'businesses', 'Unternehmen', 'companies', 'Gründungen', 'start-ups'],
        series: 'slow',
      },
      {
        de: ['Haushaltspläne', 'Haushaltsdaten der Kommune'],
        en: ['municipal budgets', 'budget data'],
        keywords: ['Haushalt', 'budget', 'public spending', 'Doppik', 'Ausgaben'],
        detailDe: 'Erträge und Aufwendungen sind nach Produktbereichen und Kontenarten gegliedert.',
        detailEn: 'Income and expenditure are broken down by product area and account type.',
      },
      {
        de: ['Steuereinnahmen', 'Gewerbesteuereinnahmen'],
        en: ['tax revenues', 'trade tax revenues'],
        keywords: ['Steuern', 'taxes', 'Gewerbesteuer', 'Hebesätze'],
        series: 'slow',
      },
      {
        de: ['Verbraucherpreisindizes', 'Preisindizes für Lebenshaltung'],
        en: ['consumer price indices', 'cost of living indices'],
        keywords: ['Inflation', 'Preise', 'prices', 'VPI', 'CPI'],
        series: 'slow',
      },
      {
        de: ['Außenhandelsstatistiken', 'Ein- und Ausfuhren nach Warengruppen'],
        en: ['foreign trade statistics', 'imports and exports by product group'],
        keywords: ['Außenhandel', 'foreign trade', 'exports', 'Importe', 'imports'],
        series: 'slow',
      },
    ],
  },
  POPULATION_AND_SOCIETY: {
    keywords: ['Gesellschaft', 'society', 'Bevölkerung', 'population', 'Demografie', 'Zensus 2022'],
    topics: [
      {
        de: ['Bevölkerungsprognosen', 'Vorausberechnungen der Bevölkerung'],
        en: ['population projections', 'population forecasts'],
        keywords: ['Prognose', 'demography', 'Altersstruktur', 'age structure'],
      },
      {
        de: ['Geburten und Sterbefälle', 'Natürliche Bevölkerungsbewegungen'],
        en: ['births and deaths', 'natural population change'],
        keywords: ['Geburten', 'births', 'Sterbefälle', 'deaths', 'Lebenserwartung'],
        series: 'slow',
      },
      {
        de: ['Wanderungsstatistiken', 'Zu- und Fortzüge'],
        en: ['migration statistics', 'moves in and out'],
        keywords: ['Migration', 'Zuzüge', 'Fortzüge', 'relocation', 'Wanderungen'],
        series: 'slow',
      },
      {
        de: ['Ergebnisse der Bürgerbefragung', 'Haushaltsbefragungen'],
        en: ['citizen survey results', 'household surveys'],
        keywords: ['Umfrage', 'survey', 'Haushalte', 'households', 'Bürgerbefragung'],
      },
      {
        de: ['Vereine und Ehrenamt', 'Ehrenamtliche Angebote'],
        en: ['associations and volunteering', 'volunteering opportunities'],
        keywords: ['Ehrenamt', 'volunteering', 'Vereine', 'Zivilgesellschaft'],
      },
    ],
  },
  GOVERNMENT_AND_PUBLIC_SECTOR: {
    keywords: ['Verwaltung', 'public administration', 'Open Government', 'Transparenz', 'transparency'],
    topics: [
      {
        de: ['Ratsbeschlüsse', 'Beschlüsse des Stadtrats'],
        en: ['council decisions', 'city council resolutions'],
        keywords: ['Ratsinformationssystem', 'council', 'Politik', 'Beschlüsse', 'OParl'],
      },
      {
        de: ['Wahlergebnisse', 'Ergebnisse der Kommunalwahl', 'Ergebnisse der Bundestagswahl'],
        en: ['election results', 'local election results', 'federal election results'],
        keywords: ['Wahlen', 'elections', 'Bundestagswahl', 'Kommunalwahl', 'Wahlbeteiligung'],
        detailDe: 'Die Ergebnisse liegen auf Ebene der Stimmbezirke einschließlich Briefwahl vor.',
        detailEn: 'Results are given per polling district, postal votes included.',
      },
      {
        de: ['Verwaltungsleistungen', 'Leistungskatalog der Verwaltung'],
        en: ['public services catalogue', 'administrative services'],
        keywords: ['Onlinezugangsgesetz', 'OZG', 'e-government', 'Bürgerservice'],
      },
      {
        de: ['Öffentliche Ausschreibungen', 'Vergabebekanntmachungen'],
        en: ['public tenders', 'procurement notices'],
        keywords: ['Vergabe', 'procurement', 'Ausschreibungen', 'tenders'],
        series: 'any',
      },
      {
        de: ['Personalstatistiken des öffentlichen Dienstes', 'Stellenpläne der Verwaltung'],
        en: ['public sector staffing', 'civil service staff figures'],
        keywords: ['Personal', 'staff', 'öffentlicher Dienst', 'civil service'],
      },
    ],
  },
  AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD: {
    keywords: ['Landwirtschaft', 'agriculture', 'Ernährung', 'food', 'Agrarstatistik', 'ländlicher Raum'],
    topics: [
      {
        de: ['Ernteerträge', 'Erträge von Getreide und Raps'],
        en: ['crop yields', 'cereal and rapeseed yields'],
        keywords: ['Ernte', 'harvest', 'Weizen', 'wheat', 'Ackerbau'],
        series: 'slow',
      },
      {
        de: ['Waldzustandserhebungen', 'Ergebnisse der Waldzustandserhebung'],
        en: ['forest condition surveys', 'forest health survey results'],
        keywords: ['Wald', 'forest', 'Forstwirtschaft', 'forestry', 'Borkenkäfer', 'Kronenverlichtung'],
      },
      {
        de: ['Fangmengen der Küstenfischerei', 'Anlandungen der Fischerei'],
        en: ['coastal fishery catches', 'fish landings'],
        keywords: ['Fischerei', 'fisheries', 'Ostsee', 'Nordsee', 'Fangquoten'],
        series: 'slow',
      },
      {
        de: ['Lebensmittelkontrollen', 'Ergebnisse der Lebensmittelüberwachung'],
        en: ['food inspections', 'food safety inspection results'],
        keywords: ['Lebensmittel', 'food safety', 'Hygiene', 'Lebensmittelüberwachung'],
      },
      {
        de: ['Viehbestände', 'Viehzählungen'],
        en: ['livestock numbers', 'livestock census'],
        keywords: ['Tierhaltung', 'livestock', 'Rinder', 'Schweine', 'cattle'],
        series: 'slow',
      },
      {
        de: ['Ökolandbauflächen', 'Flächen des ökologischen Landbaus'],
        en: ['organic farming areas', 'land under organic farming'],
        keywords: ['Ökolandbau', 'organic farming', 'Bio', 'Agrarförderung'],
      },
    ],
  },
  TRANSPORT: {
    keywords: ['Verkehr', 'transport', 'Mobilität', 'mobility', 'Infrastruktur', 'Verkehrsdaten'],
    topics: [
      {
        de: ['Verkehrszählungen', 'Verkehrszählungen an Bundesautobahnen', 'Verkehrsstärken an Dauerzählstellen'],
        en: ['traffic counts', 'traffic counts on federal motorways', 'traffic volumes at permanent counting stations'],
        keywords: ['traffic', 'Zählstellen', 'Verkehrsstärke', 'traffic volume', 'Autobahn', 'motorway'],
        series: 'fast',
        detailDe: 'Gezählt werden Kraftfahrzeuge getrennt nach Pkw, Lkw und Fahrtrichtung.',
        detailEn: 'Motor vehicles are counted separately for cars, lorries and direction of travel.',
      },
      {
        de: ['Fahrradzählungen', 'Zählungen des Radverkehrs an Dauerzählstellen'],
        en: ['bicycle counts', 'cycle traffic counts at permanent counters'],
        keywords: ['Radverkehr', 'cycling', 'Fahrrad', 'bicycle', 'Zählstellen'],
        series: 'fast',
      },
      {
        de: ['ÖPNV-Fahrpläne (GTFS)', 'Soll-Fahrpläne des Nahverkehrs'],
        en: ['public transport timetables (GTFS)', 'scheduled public transport timetables'],
        keywords: ['ÖPNV', 'public transport', 'GTFS', 'Fahrplan', 'timetable', 'Haltestellen'],
        detailDe: 'Der Fahrplan enthält Haltestellen, Linien, Fahrten und Verkehrstage im GTFS-Format.',
        detailEn: 'The timetable holds stops, routes, trips and service days in GTFS.',
      },
      {
        de: ['Parkhausbelegungen', 'Belegung der Parkhäuser'],
        en: ['parking occupancy', 'car park occupancy'],
        keywords: ['Parken', 'parking', 'Parkhäuser', 'Parkleitsystem'],
        series: 'fast',
      },
      {
        de: ['Baustellen im Straßennetz', 'Straßenbaustellen und Sperrungen'],
        en: ['road works', 'road works and closures'],
        keywords: ['Baustellen', 'roadworks', 'Verkehrsbehinderungen', 'Sperrungen'],
        series: 'any',
      },
      {
        de: ['Ladesäulen für Elektrofahrzeuge', 'Öffentliche Ladepunkte'],
        en: ['EV charging stations', 'public charging points'],
        keywords: ['E-Mobilität', 'electric vehicles', 'Ladeinfrastruktur', 'charging'],
      },
      {
        de: ['Fahrgastzahlen', 'Fahrgastzählungen im Schienenverkehr'],
        en: ['passenger numbers', 'rail passenger counts'],
        keywords: ['Fahrgäste', 'ridership', 'Bahn', 'rail'],
        series: 'any',
      },
    ],
  },
  EDUCATION_CULTURE_AND_SPORT: {
    keywords: ['Bildung', 'education', 'Kultur', 'culture', 'Sport', 'Freizeit'],
    topics: [
      {
        de: ['Schulstatistiken', 'Schülerzahlen nach Schulformen'],
        en: ['school statistics', 'pupil numbers by school type'],
        keywords: ['Schulen', 'schools', 'Schüler', 'pupils', 'Schulentwicklungsplanung'],
        series: 'slow',
      },
      {
        de: ['Museumsbesuche', 'Besucherzahlen der Museen'],
        en: ['museum visits', 'museum visitor numbers'],
        keywords: ['Museen', 'museums', 'Besucherzahlen', 'Ausstellungen'],
        series: 'slow',
      },
      {
        de: ['Sportstätten', 'Sporthallen und Schwimmbäder'],
        en: ['sports facilities', 'sports halls and swimming pools'],
        keywords: ['Sporthallen', 'Schwimmbäder', 'swimming pools', 'Sportvereine'],
      },
      {
        de: ['Bibliotheksausleihen', 'Ausleihen der Stadtbibliothek'],
        en: ['library loans', 'public library lending'],
        keywords: ['Bibliotheken', 'libraries', 'Medien', 'Ausleihen'],
        series: 'slow',
      },
      {
        de: ['Denkmallisten', 'Baudenkmäler und Bodendenkmäler'],
        en: ['listed monuments', 'historic monuments register'],
        keywords: ['Denkmalschutz', 'heritage', 'Baudenkmäler', 'Kulturerbe'],
      },
      {
        de: ['Kita-Plätze', 'Betreuungsplätze in Kindertagesstätten'],
        en: ['childcare places', 'places in day-care centres'],
        keywords: ['Kindertagesstätten', 'childcare', 'Kita', 'Betreuung'],
        series: 'slow',
      },
    ],
  },
  HEALTH: {
    keywords: ['Gesundheit', 'health', 'Medizin', 'public health', 'Versorgung', 'Gesundheitsberichterstattung'],
    topics: [
      {
        de: ['Krankenhausstandorte', 'Krankenhäuser und Bettenzahlen'],
        en: ['hospital locations', 'hospitals and bed capacity'],
        keywords: ['Krankenhäuser', 'hospitals', 'Betten', 'Notaufnahme'],
      },
      {
        de: ['Impfquoten', 'Impfquoten bei Schuleingangsuntersuchungen'],
        en: ['vaccination rates', 'vaccination coverage at school entry'],
        keywords: ['Impfungen', 'vaccination', 'Gesundheitsamt', 'Masern', 'measles'],
        series: 'slow',
      },
      {
        de: ['Meldepflichtige Infektionskrankheiten', 'Fallzahlen meldepflichtiger Erkrankungen'],
        en: ['notifiable infectious diseases', 'notifiable disease case counts'],
        keywords: ['Infektionen', 'infectious diseases', 'Surveillance', 'Influenza', 'IfSG'],
        series: 'any',
      },
      {
        de: ['Apothekenstandorte', 'Apotheken und Notdienste'],
        en: ['pharmacy locations', 'pharmacies and emergency services'],
        keywords: ['Apotheken', 'pharmacies', 'Notdienst'],
      },
      {
        de: ['Rettungsdiensteinsätze', 'Einsätze des Rettungsdienstes'],
        en: ['ambulance call-outs', 'emergency medical service operations'],
        keywords: ['Rettungsdienst', 'ambulance', 'Notarzt', 'Hilfsfristen'],
        series: 'any',
      },
      {
        de: ['Pollenflugmessungen', 'Pollenflugdaten'],
        en: ['pollen counts', 'airborne pollen measurements'],
        keywords: ['Pollen', 'Allergie', 'allergies', 'Birke', 'Gräser'],
        series: 'fast',
      },
    ],
  },
  ENERGY: {
    keywords: ['Energie', 'energy', 'Energiewende', 'Klimaschutz', 'CO2', 'renewables'],
    topics: [
      {
        de: ['Stromverbräuche', 'Stromverbrauch öffentlicher Liegenschaften'],
        en: ['electricity consumption', 'electricity consumption of public buildings'],
        keywords: ['Strom', 'electricity', 'Verbrauch', 'Lastgang', 'Smart Meter'],
        series: 'fast',
      },
      {
        de: ['Photovoltaikanlagen', 'Solaranlagen aus dem Marktstammdatenregister'],
        en: ['photovoltaic installations', 'solar installations from the market master data register'],
        keywords: ['Photovoltaik', 'solar', 'Marktstammdatenregister', 'erneuerbare Energien', 'Solarkataster'],
        detailDe: 'Angegeben sind installierte Leistung in kWp, Inbetriebnahmedatum und Postleitzahl.',
        detailEn: 'Installed capacity in kWp, commissioning date and postcode are given.',
      },
      {
        de: ['Windenergieanlagen', 'Standorte von Windkraftanlagen'],
        en: ['wind turbines', 'wind turbine locations'],
        keywords: ['Windkraft', 'wind energy', 'Windparks', 'Nabenhöhe'],
      },
      {
        de: ['Fernwärmenetze', 'Wärmeplanung und Fernwärmenetze'],
        en: ['district heating networks', 'heat planning and district heating'],
        keywords: ['Fernwärme', 'district heating', 'Wärmeplanung', 'Wärmewende'],
      },
      {
        de: ['Energieausweise öffentlicher Gebäude', 'Energiekennwerte kommunaler Gebäude'],
        en: ['energy certificates of public buildings', 'energy performance of municipal buildings'],
        keywords: ['Gebäude', 'energy efficiency', 'Energieeffizienz', 'Sanierung'],
      },
      {
        de: ['Erdgasverbräuche', 'Füllstände der Gasspeicher'],
        en: ['natural gas consumption', 'gas storage levels'],
        keywords: ['Erdgas', 'natural gas', 'Gasspeicher', 'Versorgungssicherheit'],
        series: 'any',
      },
    ],
  },
  EMPLOYMENT_AND_SOCIAL_WELFARE: {
    keywords: ['Arbeit', 'employment', 'Soziales', 'social welfare', 'Sozialstatistik', 'Arbeitsmarkt'],
    topics: [
      {
        de: ['Arbeitslosenquoten', 'Arbeitslose nach Rechtskreisen'],
        en: ['unemployment rates', 'unemployed persons by legal basis'],
        keywords: ['Arbeitslosigkeit', 'unemployment', 'labour market', 'Bundesagentur'],
        series: 'slow',
      },
      {
        de: ['Sozialversicherungspflichtig Beschäftigte', 'Beschäftigte am Arbeitsort'],
        en: ['employees subject to social insurance', 'employees by place of work'],
        keywords: ['Beschäftigung', 'Pendler', 'commuters', 'Wirtschaftszweige'],
        series: 'slow',
      },
      {
        de: ['Grundsicherungsleistungen', 'Empfänger von Bürgergeld'],
        en: ['basic income support', "recipients of citizen's income"],
        keywords: ['Grundsicherung', 'Bürgergeld', 'social benefits', 'SGB II'],
        series: 'slow',
      },
      {
        de: ['Ausbildungsplätze', 'Gemeldete Ausbildungsstellen'],
        en: ['apprenticeships', 'registered apprenticeship vacancies'],
        keywords: ['Ausbildung', 'apprenticeships', 'Berufsschule', 'Fachkräfte'],
        series: 'slow',
      },
      {
        de: ['Wohngeldanträge', 'Wohngeldempfänger'],
        en: ['housing benefit applications', 'housing benefit recipients'],
        keywords: ['Wohngeld', 'housing benefit', 'Sozialleistungen', 'Wohnen'],
        series: 'slow',
      },
    ],
  },
  GEOSPATIAL_AND_PROPERTY: {
    keywords: ['Geodaten', 'geodata', 'INSPIRE', 'GIS', 'Kartographie', 'maps'],
    topics: [
      {
        de: ['Bodenrichtwerte', 'Bodenrichtwerte des Gutachterausschusses'],
        en: ['standard land values', 'land reference values'],
        keywords: ['Bodenrichtwerte', 'land values', 'Gutachterausschuss', 'Immobilien', 'real estate'],
        detailDe: 'Die Bodenrichtwerte sind in Euro je Quadratmeter zum Stichtag 1. Januar angegeben.',
        detailEn: 'Land values are given in euros per square metre as of 1 January.',
      },
      {
        de: ['Digitale Geländemodelle', 'Digitales Geländemodell DGM1'],
        en: ['digital terrain models', 'digital elevation model at 1 m'],
        keywords: ['DGM', 'elevation', 'Höhenmodell', 'LiDAR', 'Laserscanning'],
      },
      {
        de: ['Liegenschaftskarten (ALKIS)', 'Flurstücke und Gebäude aus ALKIS'],
        en: ['cadastral maps (ALKIS)', 'parcels and buildings from ALKIS'],
        keywords: ['ALKIS', 'cadastre', 'Flurstücke', 'parcels', 'Liegenschaftskataster'],
      },
      {
        de: ['Digitale Orthophotos', 'Luftbilder (DOP20)'],
        en: ['digital orthophotos', 'aerial imagery (DOP20)'],
        keywords: ['Luftbilder', 'aerial imagery', 'DOP20', 'Orthophotos'],
      },
      {
        de: ['3D-Gebäudemodelle (LoD2)', '3D-Stadtmodelle'],
        en: ['3D building models (LoD2)', '3D city models'],
        keywords: ['3D-Stadtmodell', 'CityGML', 'LoD2', 'buildings'],
      },
      {
        de: ['Hauskoordinaten', 'Amtliche Hauskoordinaten und Adressen'],
        en: ['house coordinates', 'official addresses and coordinates'],
        keywords: ['Adressen', 'addresses', 'Geokodierung', 'geocoding'],
      },
    ],
  },
  INFORMATIONS_AND_COMMUNICATIONS: {
    keywords: ['Digitalisierung', 'digitalisation', 'Telekommunikation', 'telecommunications', 'IKT'],
    topics: [
      {
        de: ['Breitbandverfügbarkeiten', 'Versorgung mit Glasfaseranschlüssen'],
        en: ['broadband availability', 'fibre connection coverage'],
        keywords: ['Breitband', 'broadband', 'Glasfaser', 'fibre', 'Gigabit'],
        series: 'slow',
      },
      {
        de: ['Mobilfunkabdeckungen', 'Messungen der Mobilfunkversorgung'],
        en: ['mobile network coverage', 'mobile coverage measurements'],
        keywords: ['Mobilfunk', 'mobile coverage', '5G', 'LTE', 'Funklöcher'],
        series: 'any',
      },
      {
        de: ['WLAN-Hotspots', 'Öffentliche WLAN-Zugangspunkte'],
        en: ['public Wi-Fi hotspots', 'free Wi-Fi access points'],
        keywords: ['WLAN', 'Wi-Fi', 'Hotspots', 'Freifunk'],
      },
      {
        de: ['Website-Zugriffsstatistiken', 'Zugriffszahlen des Stadtportals'],
        en: ['website usage statistics', 'city portal page views'],
        keywords: ['Webanalyse', 'web analytics', 'Zugriffe', 'page views'],
        series: 'any',
      },
      {
        de: ['Pressemitteilungen', 'Pressemitteilungen der Verwaltung'],
        en: ['press releases', 'administration press releases'],
        keywords: ['Presse', 'press', 'Kommunikation', 'Öffentlichkeitsarbeit'],
        series: 'any',
      },
    ],
  },
  OTHERS: {
    keywords: ['Sonstiges', 'miscellaneous', 'Verzeichnis', 'directory', 'Alltag'],
    topics: [
      {
        de: ['Fundsachen', 'Fundsachen des Fundbüros'],
        en: ['lost property', 'lost and found items'],
        keywords: ['Fundbüro', 'lost and found', 'Fundsachen'],
        series: 'any',
      },
      {
        de: ['Veranstaltungstermine', 'Veranstaltungen und Märkte'],
        en: ['event listings', 'events and fairs'],
        keywords: ['Veranstaltungen', 'events', 'Termine', 'Kalender'],
      },
      {
        de: ['Hundebestände', 'Gemeldete Hunde nach Rassen'],
        en: ['dog registrations', 'registered dogs by breed'],
        keywords: ['Hundesteuer', 'dogs', 'Haustiere', 'pets'],
        series: 'slow',
      },
      {
        de: ['Friedhöfe', 'Friedhöfe und Grabstätten'],
        en: ['cemeteries', 'cemeteries and burial sites'],
        keywords: ['Friedhöfe', 'cemeteries', 'Grabstätten'],
      },
      {
        de: ['Wochenmärkte', 'Standorte der Wochenmärkte'],
        en: ['weekly markets', 'farmers market locations'],
        keywords: ['Märkte', 'markets', 'Marktstände', 'regional products'],
      },
      {
        de: ['Straßennamen', 'Straßenverzeichnisse'],
        en: ['street names', 'street directories'],
        keywords: ['Straßenverzeichnis', 'street directory', 'Straßen', 'Benennungen'],
      },
    ],
  },
};

/** Keywords any offer may carry, whatever its category. */
const GENERIC_KEYWORDS = [
  'Open Data',
  'Statistik',
  'statistics',
  'Zeitreihe',
  'time series',
  'API',
  'Echtzeit',
  'real-time',
  'High Value Dataset',
  'HVD',
  'historisch',
  'Jahresbericht',
  'Kommunaldaten',
  'amtliche Statistik',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// Places: German cities, districts and states, and European cities, with the forms the texts need.

type TPlace = {
  /** The bare name in German, used in titles and as a keyword. */
  nameDe: string;
  titleDe: readonly string[];
  inDe: string;
  nameEn: string;
  titleEn: readonly string[];
  inEn: string;
  country: string;
};

const STATES: readonly (readonly [string, string])[] = [
  ['Baden-Württemberg', 'Baden-Württemberg'],
  ['Bayern', 'Bavaria'],
  ['Berlin', 'Berlin'],
  ['Brandenburg', 'Brandenburg'],
  ['Bremen', 'Bremen'],
  ['Hamburg', 'Hamburg'],
  ['Hessen', 'Hesse'],
  ['Mecklenburg-Vorpommern', 'Mecklenburg-Western Pomerania'],
  ['Niedersachsen', 'Lower Saxony'],
  ['Nordrhein-Westfalen', 'North Rhine-Westphalia'],
  ['Rheinland-Pfalz', 'Rhineland-Palatinate'],
  ['Saarland', 'Saarland'],
  ['Sachsen', 'Saxony'],
  ['Sachsen-Anhalt', 'Saxony-Anhalt'],
  ['Schleswig-Holstein', 'Schleswig-Holstein'],
  ['Thüringen', 'Thuringia'],
];

/** German cities: German name, English name. */
const GERMAN_CITIES: readonly (readonly [string, string])[] = [
  ['Köln', 'Cologne'],
  ['München', 'Munich'],
  ['Düsseldorf', 'Düsseldorf'],
  ['Nürnberg', 'Nuremberg'],
  ['Münster', 'Münster'],
  ['Lübeck', 'Lübeck'],
  ['Göttingen', 'Göttingen'],
  ['Würzburg', 'Würzburg'],
  ['Saarbrücken', 'Saarbrücken'],
  ['Osnabrück', 'Osnabrück'],
  ['Tübingen', 'Tübingen'],
  ['Mönchengladbach', 'Mönchengladbach'],
  ['Gütersloh', 'Gütersloh'],
  ['Lüneburg', 'Lüneburg'],
  ['Fürth', 'Fürth'],
  ['Görlitz', 'Görlitz'],
  ['Hamburg', 'Hamburg'],
  ['Berlin', 'Berlin'],
  ['Bremen', 'Bremen'],
  ['Leipzig', 'Leipzig'],
  ['Dresden', 'Dresden'],
  ['Frankfurt am Main', 'Frankfurt'],
  ['Stuttgart', 'Stuttgart'],
  ['Hannover', 'Hanover'],
  ['Karlsruhe', 'Karlsruhe'],
  ['Freiburg im Breisgau', 'Freiburg'],
  ['Heidelberg', 'Heidelberg'],
  ['Mannheim', 'Mannheim'],
  ['Mainz', 'Mainz'],
  ['Trier', 'Trier'],
  ['Koblenz', 'Koblenz'],
  ['Erfurt', 'Erfurt'],
  ['Jena', 'Jena'],
  ['Weimar', 'Weimar'],
  ['Magdeburg', 'Magdeburg'],
  ['Halle (Saale)', 'Halle'],
  ['Potsdam', 'Potsdam'],
  ['Cottbus', 'Cottbus'],
  ['Rostock', 'Rostock'],
  ['Schwerin', 'Schwerin'],
  ['Kiel', 'Kiel'],
  ['Flensburg', 'Flensburg'],
  ['Bonn', 'Bonn'],
  ['Aachen', 'Aachen'],
  ['Bochum', 'Bochum'],
  ['Dortmund', 'Dortmund'],
  ['Essen', 'Essen'],
  ['Wuppertal', 'Wuppertal'],
  ['Bielefeld', 'Bielefeld'],
  ['Paderborn', 'Paderborn'],
  ['Kassel', 'Kassel'],
  ['Darmstadt', 'Darmstadt'],
  ['Wiesbaden', 'Wiesbaden'],
  ['Gießen', 'Giessen'],
  ['Regensburg', 'Regensburg'],
  ['Augsburg', 'Augsburg'],
  ['Ingolstadt', 'Ingolstadt'],
  ['Bamberg', 'Bamberg'],
  ['Passau', 'Passau'],
  ['Ulm', 'Ulm'],
  ['Konstanz', 'Constance'],
  ['Oldenburg', 'Oldenburg'],
  ['Braunschweig', 'Brunswick'],
  ['Wolfsburg', 'Wolfsburg'],
  ['Chemnitz', 'Chemnitz'],
  ['Zwickau', 'Zwickau'],
  ['Krefeld', 'Krefeld'],
  ['Neuss', 'Neuss'],
  ['Düren', 'Düren'],
  ['Fürstenfeldbruck', 'Fürstenfeldbruck'],
];

/** European cities: German name, English (or local) name, country. */
const EUROPEAN_CITIES: readonly (readonly [string, string, string])[] = [
  ['Wien', 'Vienna', 'AT'],
  ['Graz', 'Graz', 'AT'],
  ['Linz', 'Linz', 'AT'],
  ['Salzburg', 'Salzburg', 'AT'],
  ['Innsbruck', 'Innsbruck', 'AT'],
  ['Zürich', 'Zürich', 'CH'],
  ['Genf', 'Genève', 'CH'],
  ['Basel', 'Basel', 'CH'],
  ['Bern', 'Bern', 'CH'],
  ['Luzern', 'Lucerne', 'CH'],
  ['Straßburg', 'Strasbourg', 'FR'],
  ['Besançon', 'Besançon', 'FR'],
  ['Orléans', 'Orléans', 'FR'],
  ['Lyon', 'Lyon', 'FR'],
  ['Kopenhagen', 'Copenhagen', 'DK'],
  ['Aarhus', 'Aarhus', 'DK'],
  ['Malmö', 'Malmö', 'SE'],
  ['Göteborg', 'Gothenburg', 'SE'],
  ['Krakau', 'Kraków', 'PL'],
  ['Łódź', 'Łódź', 'PL'],
  ['Posen', 'Poznań', 'PL'],
  ['Brünn', 'Brno', 'CZ'],
  ['Prag', 'Prague', 'CZ'],
  ['Lüttich', 'Liège', 'BE'],
  ['Gent', 'Ghent', 'BE'],
  ['Den Haag', 'The Hague', 'NL'],
  ['Utrecht', 'Utrecht', 'NL'],
  ['Eindhoven', 'Eindhoven', 'NL'],
  ['Luxemburg', 'Luxembourg', 'LU'],
  ['Ljubljana', 'Ljubljana', 'SI'],
  ['Tallinn', 'Tallinn', 'EE'],
  ['Tampere', 'Tampere', 'FI'],
  ['Reykjavík', 'Reykjavík', 'IS'],
  ['Bozen', 'Bolzano', 'IT'],
  ['Mailand', 'Milan', 'IT'],
  ['Sevilla', 'Seville', 'ES'],
  ['A Coruña', 'A Coruña', 'ES'],
  ['Málaga', 'Málaga', 'ES'],
  ['Porto', 'Porto', 'PT'],
  ['Lissabon', 'Lisbon', 'PT'],
];

/** German districts: German name, English name. */
const DISTRICTS: readonly (readonly [string, string])[] = [
  ['Landkreis Göttingen', 'Göttingen district'],
  ['Rhein-Sieg-Kreis', 'Rhein-Sieg district'],
  ['Landkreis München', 'Munich district'],
  ['Kreis Düren', 'Düren district'],
  ['Landkreis Lüneburg', 'Lüneburg district'],
  ['Märkischer Kreis', 'Märkischer Kreis district'],
  ['Ortenaukreis', 'Ortenau district'],
  ['Landkreis Görlitz', 'Görlitz district'],
  ['Hochsauerlandkreis', 'Hochsauerland district'],
  ['Landkreis Fürstenfeldbruck', 'Fürstenfeldbruck district'],
  ['Saale-Holzland-Kreis', 'Saale-Holzland district'],
  ['Landkreis Vorpommern-Greifswald', 'Vorpommern-Greifswald district'],
  ['Landkreis Garmisch-Partenkirchen', 'Garmisch-Partenkirchen district'],
  ['Bodenseekreis', 'Lake Constance district'],
  ['Kreis Nordfriesland', 'North Frisia district'],
  ['Landkreis Würzburg', 'Würzburg district'],
];

function buildPlaces(): { german: TPlace[]; states: TPlace[]; districts: TPlace[]; european: TPlace[] } {
  const german = GERMAN_CITIES.map(
    ([de, en]): TPlace => ({
      nameDe: de,
      titleDe: [de, `Stadt ${de}`],
      inDe: `in ${de}`,
      nameEn: en,
      titleEn: [en, `City of ${en}`],
      inEn: `in ${en}`,
      country: 'DE',
    }),
  );
  const states = STATES.map(
    ([de, en]): TPlace => ({
      nameDe: de,
      titleDe: [de],
      // German says "im Saarland" but "in Bayern".
      inDe: de === 'Saarland' ? 'im Saarland' : `in ${de}`,
      nameEn: en,
      titleEn: [en],
      inEn: `in ${en}`,
      country: 'DE',
    }),
  );
  const districts = DISTRICTS.map(
    ([de, en]): TPlace => ({
      nameDe: de,
      titleDe: [de],
      inDe: `im ${de}`,
      nameEn: en,
      titleEn: [en],
      inEn: `in the ${en}`,
      country: 'DE',
    }),
  );
  const european = EUROPEAN_CITIES.map(
    ([de, en, country]): TPlace => ({
      nameDe: de,
      titleDe: [de],
      inDe: `in ${de}`,
      nameEn: en,
      titleEn: [en],
      inEn: `in ${en}`,
      country,
    }),
  );
  return { german, states, districts, european };
}

const PLACES = buildPlaces();
const GERMANY: TPlace = {
  nameDe: 'Deutschland',
  titleDe: ['Deutschland', 'bundesweit'],
  inDe: 'in Deutschland',
  nameEn: 'Germany',
  titleEn: ['Germany'],
  inEn: 'in Germany',
  country: 'DE',
};

function pickPlace(random: TRandom): TPlace {
  const roll = random();
  if (roll < 0.5) return pick(random, PLACES.german);
  if (roll < 0.7) return pick(random, PLACES.states);
  if (roll < 0.84) return pick(random, PLACES.districts);
  if (roll < 0.97) return pick(random, PLACES.european);
  return GERMANY;
}

type TFrequency = { deAdverb: string; deAdjective: string; enAdjective: string; enAdverb: string };

const HOURLY: TFrequency = {
  deAdverb: 'stündlich',
  deAdjective: 'Stündliche',
  enAdjective: 'hourly',
  enAdverb: 'hourly',
};
const DAILY: TFrequency = { deAdverb: 'täglich', deAdjective: 'Tägliche', enAdjective: 'daily', enAdverb: 'daily' };
const WEEKLY: TFrequency = {
  deAdverb: 'wöchentlich',
  deAdjective: 'Wöchentliche',
  enAdjective: 'weekly',
  enAdverb: 'weekly',
};
const MONTHLY: TFrequency = {
  deAdverb: 'monatlich',
  deAdjective: 'Monatliche',
  enAdjective: 'monthly',
  enAdverb: 'monthly',
};
const QUARTERLY: TFrequency = {
  deAdverb: 'vierteljährlich',
  deAdjective: 'Vierteljährliche',
  enAdjective: 'quarterly',
  enAdverb: 'quarterly',
};
const ANNUAL: TFrequency = {
  deAdverb: 'jährlich',
  deAdjective: 'Jährliche',
  enAdjective: 'annual',
  enAdverb: 'annually',
};
const REAL_TIME: TFrequency = {
  deAdverb: 'in Echtzeit',
  deAdjective: 'Aktuelle',
  enAdjective: 'real-time',
  enAdverb: 'in real time',
};

/** Sensors report hourly, registers yearly: each kind of series picks from what fits it. */
const FREQUENCIES: Record<NonNullable<TTopic['series']>, readonly TFrequency[]> = {
  fast: [HOURLY, HOURLY, DAILY, REAL_TIME],
  slow: [MONTHLY, QUARTERLY, ANNUAL, ANNUAL],
  any: [DAILY, WEEKLY, MONTHLY, QUARTERLY, ANNUAL],
};

// ---------------------------------------------------------------------------------------------------------------
// Agents: ~300 organisations and ~1000 people, the same for every seed so agent ids stay stable.

const AGENT_BASE = 'https://dsm.example/agents';

type TOrganisation = TAgentRecord & { name: string; slug: string; place: string | null };

const FEDERAL_BODIES = [
  'Deutscher Wetterdienst',
  'Umweltbundesamt',
  'Statistisches Bundesamt (Destatis)',
  'Bundesamt für Kartographie und Geodäsie',
  'Kraftfahrt-Bundesamt',
  'Bundesanstalt für Straßenwesen',
  'Bundesagentur für Arbeit',
  'Robert Koch-Institut',
  'Bundesnetzagentur',
  'Bundesamt für Naturschutz',
  'Thünen-Institut',
  'Bundesanstalt für Gewässerkunde',
  'Eisenbahn-Bundesamt',
  'Bundesinstitut für Bau-, Stadt- und Raumforschung',
  'Deutsches Zentrum für Luft- und Raumfahrt',
  'Europäische Umweltagentur',
  'Eurostat',
];

const COMPANY_PREFIXES = [
  'Geo',
  'Urban',
  'Mobil',
  'Agrar',
  'Energie',
  'Nord',
  'Süd',
  'Rhein',
  'Alpen',
  'Küsten',
  'Spree',
];
const COMPANY_SUFFIXES = [
  'analytics GmbH',
  ' Datenwerk GmbH',
  'insights AG',
  ' Informatik GmbH & Co. KG',
  'sensorik GmbH',
  ' Consult GmbH',
];

const EUROPEAN_AUTHORITY: Record<string, (name: string) => string> = {
  AT: (name) => `Stadt ${name}`,
  CH: (name) => `Stadt ${name}`,
  FR: (name) => `Ville de ${name}`,
  DK: (name) => `${name} Kommune`,
  SE: (name) => `${name} stad`,
  PL: (name) => `Urząd Miasta ${name}`,
  CZ: (name) => `Magistrát města ${name}`,
  BE: (name) => `Stad ${name}`,
  NL: (name) => `Gemeente ${name}`,
  LU: (name) => `Ville de ${name}`,
  SI: (name) => `Mestna občina ${name}`,
  EE: (name) => `${name} Linnavalitsus`,
  FI: (name) => `${name}n kaupunki`,
  IS: (name) => `${name} borg`,
  IT: (name) => `Comune di ${name}`,
  ES: (name) => `Ayuntamiento de ${name}`,
  PT: (name) => `Câmara Municipal do ${name}`,
};

function organisation(name: string, place: string | null): TOrganisation {
  const slug = slugify(name);
  return {
    id: `${AGENT_BASE}/org/${slug}`,
    type: 'foaf:Organization',
    name,
    email: `opendata@${slug}.example.org`,
    slug,
    place,
  };
}

function buildOrganisations(): TOrganisation[] {
  const random = mulberry32(0x0a9e175);
  const candidates: TOrganisation[] = [];
  for (const [city] of GERMAN_CITIES) candidates.push(organisation(`Stadt ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(0, 36)) candidates.push(organisation(`Stadtwerke ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(10, 40)) candidates.push(organisation(`Universität ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(30, 55)) candidates.push(organisation(`Hochschule ${city}`, city));
  for (const [city] of GERMAN_CITIES.slice(0, 25)) candidates.push(organisation(`Verkehrsverbund ${city}`, city));
  for (const [state] of STATES) {
    candidates.push(organisation(`Statistisches Landesamt ${state}`, state));
    candidates.push(organisation(`Landesamt für Umwelt ${state}`, state));
    candidates.push(organisation(`Landesamt für Vermessung und Geoinformation ${state}`, state));
    candidates.push(organisation(`Ministerium für Verkehr ${state}`, state));
  }
  for (const [district] of DISTRICTS) candidates.push(organisation(district, district));
  for (const [de, local, country] of EUROPEAN_CITIES) {
    // Austrian and Swiss German-speaking authorities use the German name.
    const name = country === 'AT' || country === 'CH' ? de : local;
    candidates.push(organisation(EUROPEAN_AUTHORITY[country]!(name), de));
  }
  for (const name of FEDERAL_BODIES) candidates.push(organisation(name, null));
  for (const prefix of COMPANY_PREFIXES) {
    // Suffixes starting with a space make two words ('Rhein Datenwerk GmbH'), the others one ('Geoanalytics GmbH').
    for (const suffix of COMPANY_SUFFIXES)
      if (chance(random, 0.5)) candidates.push(organisation(`${prefix}${suffix}`, null));
  }
  for (const [city] of GERMAN_CITIES.slice(0, 20))
    candidates.push(organisation(`Open Knowledge Lab ${city} e.V.`, city));
  const unique = [...new Map(candidates.map((candidate) => [candidate.id, candidate])).values()];
  // A fixed shuffle, then the first 300: the pool is the same for every seed.
  for (let i = unique.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [unique[i], unique[j]] = [unique[j]!, unique[i]!];
  }
  return unique.slice(0, 300);
}

const FIRST_NAMES = [
  'Jürgen',
  'Jörg',
  'Björn',
  'Sören',
  'Günter',
  'Käthe',
  'Zoë',
  'Renée',
  'André',
  'José',
  'Hélène',
  'Émile',
  'Søren',
  'Åsa',
  'Łukasz',
  'Małgorzata',
  'Tomáš',
  'Zoltán',
  'Anna',
  'Lena',
  'Lukas',
  'Paul',
  'Felix',
  'Marie',
  'Sophie',
  'Maximilian',
  'Leon',
  'Emma',
  'Mia',
  'Hannah',
  'Jonas',
  'Elias',
  'Noah',
  'Ben',
  'Clara',
  'Greta',
  'Ida',
  'Jana',
  'Katharina',
  'Thomas',
  'Michael',
  'Andreas',
  'Stefan',
  'Sabine',
  'Petra',
  'Ursula',
  'Monika',
  'Wolfgang',
  'Klaus',
  'Ayşe',
  'Mehmet',
  'Elif',
  'Can',
  'Olga',
  'Ana',
  'João',
  'Chiara',
  'Marco',
  'Siobhán',
  'Oskar',
] as const;

const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Schäfer',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Schmitt',
  'Werner',
  'Schmitz',
  'Krause',
  'Meier',
  'Lehmann',
  'Köhler',
  'Herrmann',
  'König',
  'Walter',
  'Mayer',
  'Huber',
  'Kaiser',
  'Fuchs',
  'Peters',
  'Lang',
  'Scholz',
  'Möller',
  'Weiß',
  'Jung',
  'Hahn',
  'Schubert',
  'Vogel',
  'Friedrich',
  'Keller',
  'Günther',
  'Frank',
  'Berger',
  'Winkler',
  'Roth',
  'Beck',
  'Lorenz',
  'Baumann',
  'Franke',
  'Albrecht',
  'Schuster',
  'Ludwig',
  'Böhm',
  'Winter',
  'Kraus',
  'Schumacher',
  'Krämer',
  'Vogt',
  'Jäger',
  'Sommer',
  'Groß',
  'Seidel',
  'Brandt',
  'Haas',
  'Graf',
  'Dietrich',
  'Kühn',
  'Engel',
  'Yılmaz',
  'Öztürk',
  'Nowak',
  'Kowalski',
  'Dvořák',
  'Lefèvre',
  'García',
  'Núñez',
  'Rossi',
  'Jensen',
  'Ødegaard',
  'Åberg',
  'Niemelä',
] as const;

function buildPeople(): TAgentRecord[] {
  const random = mulberry32(0x9e0971e);
  const people = new Map<string, TAgentRecord>();
  while (people.size < 1000) {
    const firstName = pick(random, FIRST_NAMES);
    const lastName = pick(random, LAST_NAMES);
    const slug = `${slugify(firstName)}-${slugify(lastName)}`;
    if (people.has(slug)) continue;
    people.set(slug, {
      id: `${AGENT_BASE}/person/${slug}`,
      type: 'foaf:Person',
      firstName,
      lastName,
      email: chance(random, 0.7) ? `${slug.replace('-', '.')}@example.org` : null,
    });
  }
  return [...people.values()];
}

const ORGANISATIONS = buildOrganisations();
const PEOPLE = buildPeople();
const ORGANISATIONS_BY_PLACE = new Map<string, TOrganisation[]>();
for (const org of ORGANISATIONS) {
  if (!org.place) continue;
  const list = ORGANISATIONS_BY_PLACE.get(org.place) ?? [];
  list.push(org);
  ORGANISATIONS_BY_PLACE.set(org.place, list);
}

/** The organisations and people generated offers name; the same for every seed. */
export const GENERATED_AGENTS: { organisations: readonly TAgentRecord[]; people: readonly TAgentRecord[] } = {
  organisations: ORGANISATIONS.map(({ slug: _slug, place: _place, ...agent }) => agent),
  people: PEOPLE,
};

const agentOf = (org: TOrganisation): TAgentRecord => ({
  id: org.id,
  type: org.type,
  name: org.name,
  email: org.email ?? null,
});

// ---------------------------------------------------------------------------------------------------------------
// Distributions, licences, prices and dates.

type TFormat = { format: string; mediaType: string | null; extension: string };

const FORMATS: readonly (readonly [TFormat, number])[] = [
  [{ format: 'CSV', mediaType: 'text/csv', extension: 'csv' }, 30],
  [{ format: 'JSON', mediaType: 'application/json', extension: 'json' }, 14],
  [
    {
      format: 'XLSX',
      mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      extension: 'xlsx',
    },
    10,
  ],
  [{ format: 'XML', mediaType: 'application/xml', extension: 'xml' }, 7],
  [{ format: 'GeoJSON', mediaType: 'application/geo+json', extension: 'geojson' }, 8],
  [{ format: 'PDF', mediaType: 'application/pdf', extension: 'pdf' }, 8],
  [{ format: 'ZIP', mediaType: 'application/zip', extension: 'zip' }, 6],
  [{ format: 'SHP', mediaType: 'application/x-shapefile', extension: 'shp.zip' }, 4],
  [{ format: 'GML', mediaType: 'application/gml+xml', extension: 'gml' }, 3],
  [{ format: 'WMS', mediaType: null, extension: 'wms' }, 3],
  [{ format: 'Parquet', mediaType: 'application/vnd.apache.parquet', extension: 'parquet' }, 2],
  [{ format: 'TXT', mediaType: 'text/plain', extension: 'txt' }, 2],
  [{ format: 'API', mediaType: 'application/json', extension: 'api' }, 3],
];

const OPEN_LICENCES: readonly (readonly [string, number])[] = [
  ['CC-BY-4.0', 30],
  ['dl-de/by-2-0', 22],
  ['dl-de/zero-2-0', 12],
  ['CC0-1.0', 10],
  ['CC-BY-SA-4.0', 5],
  ['CC-BY-3.0-DE', 3],
  ['CC-BY-3.0', 2],
  ['ODbL-1.0', 4],
  ['ODC-BY-1.0', 1],
  ['PDDL-1.0', 1],
  ['GeoNutzV', 3],
  ['etalab-2.0', 1],
  ['OGL-UK-3.0', 1],
  ['dl-de/by-1-0', 1],
  ['Apache-2.0', 1],
  ['MIT', 1],
  ['GPL-3.0', 0.5],
  ['other-open', 2],
];

const PAID_LICENCES: readonly (readonly [string, number])[] = [
  ['other-commercial', 35],
  ['other-closed', 25],
  ['CC-BY-NC-4.0', 15],
  ['CC-BY-ND-4.0', 5],
  ['CC-BY-4.0', 10],
  ['dl-de/by-2-0', 10],
];

/** Licence texts no catalogue entry knows: shown as 'n/a'. */
const UNKNOWN_LICENCE_TEXTS = [
  'Nutzungsbedingungen siehe Website',
  'Siehe Nutzungsbedingungen des Anbieters',
  'Lizenz auf Anfrage',
  'Custom licence (see terms of use)',
  'Open Data Lizenz der Stadt v1.1',
  'https://example.org/terms-of-use',
  'Creative Commons',
  'Freie Nutzung',
];

/** The spellings of every catalogue licence: its id, title, URL and mappings. */
const LICENCE_SPELLINGS = new Map(
  LICENCE_CATALOGUE.map((licence) => [
    licence.licenceId,
    [licence.licenceId, licence.licenceTitle, licence.licenceUrl, ...licence.mappings],
  ]),
);

function licenceText(random: TRandom, isPaid: boolean): string | null {
  const roll = random();
  if (roll < 0.03) return null;
  if (roll < 0.07) return pick(random, UNKNOWN_LICENCE_TEXTS);
  const id = pickWeighted(random, isPaid ? PAID_LICENCES : OPEN_LICENCES);
  const spellings = LICENCE_SPELLINGS.get(id)!;
  // Most publishers write the id or the URL; the rest spread over the other spellings.
  if (chance(random, 0.45)) return id;
  if (chance(random, 0.3)) return spellings[2]!;
  return pick(random, spellings);
}

const KB = 1024;
const MAX_BYTES = 50 * 1024 ** 3;

const FIRST_DAY = Date.UTC(2012, 0, 1);
const LAST_ISSUED = Date.UTC(2026, 5, 30);
/** No date lies after this instant (the demo's "now"). */
export const GENERATED_DATES_BEFORE = Date.UTC(2026, 10, 1);

const atSecond = (ms: number): Date => new Date(Math.floor(ms / 1000) * 1000);

function price(random: TRandom, model: TPaymentModel): number {
  switch (model) {
    case 'FREE_OF_CHARGE':
      return 0;
    case 'PAY_PER_USE_DOWNLOAD':
      return Math.round(logUniform(random, 5, 500)) + pick(random, [0, 0.5, 0.9, 0.99]);
    case 'SUBSCRIPTION_BASED':
      return Math.round(logUniform(random, 9, 400)) + pick(random, [0, 0.99]);
    case 'DATA_VOLUME_BASED':
      return Math.round(logUniform(random, 1, 250)) / 100;
  }
}

function paymentModel(random: TRandom): TPaymentModel {
  const roll = random();
  if (roll < 0.6) return 'FREE_OF_CHARGE';
  if (roll < 0.75) return 'PAY_PER_USE_DOWNLOAD';
  if (roll < 0.9) return 'SUBSCRIPTION_BASED';
  return 'DATA_VOLUME_BASED';
}

// ---------------------------------------------------------------------------------------------------------------
// Texts.

type TTextParts = {
  topic: TTopic;
  topicDe: string;
  topicEn: string;
  place: TPlace;
  frequency: TFrequency;
  from: number;
  to: number;
  publisher: string;
  formats: string[];
  keywords: string[];
};

const years = (p: TTextParts): string => (p.from === p.to ? String(p.to) : `${p.from}–${p.to}`);

function germanTitle(random: TRandom, p: TTextParts): string {
  const place = pick(random, p.place.titleDe);
  const span = years(p);
  switch (between(random, 0, p.topic.series ? 4 : 3)) {
    case 0:
      return `${p.topicDe} ${place} ${span}`;
    case 1:
      return `${p.topicDe} ${p.place.inDe} (${p.to})`;
    case 2:
      return `${p.place.nameDe}: ${p.topicDe} ${span}`;
    case 3:
      return `${p.topicDe} – ${place}`;
    default:
      return `${p.frequency.deAdjective} ${p.topicDe} ${p.place.inDe}`;
  }
}

function englishTitle(random: TRandom, p: TTextParts): string {
  const place = pick(random, p.place.titleEn);
  const span = years(p);
  switch (between(random, 0, p.topic.series ? 4 : 3)) {
    case 0:
      return `${capitalise(p.topicEn)} – ${place} ${span}`;
    case 1:
      return `${capitalise(p.topicEn)} ${p.place.inEn} (${p.to})`;
    case 2:
      return `${place} ${p.topicEn}, ${span}`;
    case 3:
      return p.from === p.to
        ? `${capitalise(p.topicEn)} for ${place}, ${p.to}`
        : `${capitalise(p.topicEn)} for ${place}, ${p.from} to ${p.to}`;
    default:
      return `${capitalise(p.frequency.enAdjective)} ${p.topicEn} ${p.place.inEn}`;
  }
}

/** A list in German prose: "CSV, JSON und XLSX". */
export const listDe = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} und ${items[items.length - 1]}`;
/** A list in English prose: "CSV, JSON and XLSX". */
export const listEn = (items: readonly string[]): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

function germanDescription(random: TRandom, p: TTextParts): string {
  const sentences: string[] = [];
  switch (between(random, 0, 2)) {
    case 0:
      sentences.push(
        p.from === p.to
          ? `Der Datensatz enthält ${p.topicDe} ${p.place.inDe} für das Jahr ${p.to}.`
          : `Der Datensatz enthält ${p.topicDe} ${p.place.inDe} für den Zeitraum ${p.from} bis ${p.to}.`,
      );
      break;
    case 1:
      sentences.push(`Dieser Datensatz umfasst ${p.topicDe} ${p.place.inDe} (${years(p)}).`);
      break;
    default:
      sentences.push(`Bereitgestellt werden ${p.topicDe} ${p.place.inDe}, Stand ${p.to}.`);
  }
  sentences.push(
    p.topic.series
      ? `Die Daten werden ${p.frequency.deAdverb} erhoben (Quelle: ${p.publisher}) und als ${listDe(p.formats)} veröffentlicht.`
      : `Herausgeber: ${p.publisher}. Die Daten stehen als ${listDe(p.formats)} zur Verfügung.`,
  );
  if (p.topic.detailDe && chance(random, 0.7)) sentences.push(p.topic.detailDe);
  const extras = [
    'Die Veröffentlichung erfolgt im Rahmen der Open-Data-Strategie des Landes.',
    `Werte vor ${p.from + 1} sind nur eingeschränkt vergleichbar, da die Erhebungsmethode geändert wurde.`,
    'Fehlende Werte sind als leere Felder gekennzeichnet.',
    'Die Koordinaten liegen im Bezugssystem ETRS89 / UTM Zone 32N vor.',
    'Zusätzlich steht eine Schnittstelle (API) für den automatisierten Abruf zur Verfügung.',
    `Enthalten sind u. a. Angaben zu ${listDe(p.keywords.slice(0, 2))}.`,
    'Die Daten dürfen unter Angabe der Quelle weiterverwendet werden.',
    'Hinweis: Die Ergebnisse des letzten Jahres sind vorläufig.',
    'Eine Beschreibung der Merkmale findet sich in der beigefügten Dokumentation.',
  ];
  for (let n = between(random, 0, 2); n > 0; n--) sentences.push(pick(random, extras));
  return [...new Set(sentences)].join(' ');
}

function englishDescription(random: TRandom, p: TTextParts): string {
  const sentences: string[] = [];
  switch (between(random, 0, 2)) {
    case 0:
      sentences.push(
        p.from === p.to
          ? `This dataset contains ${p.topicEn} ${p.place.inEn} for the year ${p.to}.`
          : `This dataset contains ${p.topicEn} ${p.place.inEn} for the period ${p.from} to ${p.to}.`,
      );
      break;
    case 1:
      sentences.push(`${capitalise(p.topicEn)} ${p.place.inEn} (${years(p)}).`);
      break;
    default:
      sentences.push(`Provides ${p.topicEn} ${p.place.inEn}, as of ${p.to}.`);
  }
  sentences.push(
    p.topic.series
      ? `The data is collected ${p.frequency.enAdverb} by ${p.publisher} and published as ${listEn(p.formats)}.`
      : `Published by ${p.publisher}; the data is available as ${listEn(p.formats)}.`,
  );
  if (p.topic.detailEn && chance(random, 0.7)) sentences.push(p.topic.detailEn);
  const extras = [
    'It is published as part of the open data strategy of the state.',
    `Values before ${p.from + 1} are only partly comparable because the survey method changed.`,
    'Missing values are left empty.',
    'Coordinates use the ETRS89 / UTM zone 32N reference system.',
    'An API for automated access is also available.',
    `It includes information on ${listEn(p.keywords.slice(0, 2))}.`,
    'The data may be reused with attribution.',
    'Note: results for the latest year are provisional.',
    'The attached documentation describes every field.',
  ];
  for (let n = between(random, 0, 2); n > 0; n--) sentences.push(pick(random, extras));
  return [...new Set(sentences)].join(' ');
}

// ---------------------------------------------------------------------------------------------------------------
// The offer.

const TERMS_OF_USE = [
  'Die Nutzung ist unter Angabe der Quelle gestattet.',
  'Use permitted with attribution to the publisher.',
  'Weitergabe an Dritte nur mit schriftlicher Zustimmung.',
  'Commercial use requires a separate agreement.',
];

/** A deterministic UUID-shaped id: hashed bits, the seed's tag and the index, so ids never collide within a seed. */
function offerId(random: TRandom, seedTag: number, index: number): string {
  const a = Math.floor(random() * 2 ** 32);
  const b = Math.floor(random() * 2 ** 32);
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${hex(a, 8)}-${hex(b >>> 16, 4)}-4${hex(b, 3)}-${variant}${hex(a >>> 7, 3)}-${hex(seedTag, 4)}${hex(index, 8)}`;
}

function uniqueKeywords(random: TRandom, topic: TTopic, category: TCategory, place: TPlace): string[] {
  const wanted = between(random, 3, 8);
  const chosen = new Set<string>();
  const topicKeywords = topic.keywords;
  const categoryKeywords = VOCABULARY[category].keywords;
  const fromTopic = Math.min(topicKeywords.length, between(random, 2, 4));
  while (chosen.size < fromTopic) chosen.add(pick(random, topicKeywords));
  const fromCategory = between(random, 1, 2);
  for (let i = 0; i < fromCategory && chosen.size < wanted; i++) chosen.add(pick(random, categoryKeywords));
  if (chosen.size < wanted && chance(random, 0.5)) chosen.add(pick(random, GENERIC_KEYWORDS));
  if (chosen.size < wanted && chance(random, 0.2)) chosen.add(place.nameDe);
  while (chosen.size < wanted) chosen.add(pick(random, chance(random, 0.5) ? topicKeywords : categoryKeywords));
  return [...chosen].slice(0, 8);
}

function pickOrganisation(random: TRandom, place: TPlace): TOrganisation {
  const local = ORGANISATIONS_BY_PLACE.get(place.nameDe);
  if (local && chance(random, 0.6)) return pick(random, local);
  return pick(random, ORGANISATIONS);
}

function makeDistributions(
  random: TRandom,
  datasetKey: string,
  org: TOrganisation,
  language: string,
  topicTitle: string,
  year: number,
  formats: TFormat[],
  isPaid: boolean,
): TDistributionRecord[] {
  const licence = licenceText(random, isPaid);
  const file = `${slugify(topicTitle).slice(0, 40)}-${year}`;
  return formats.map((format, position) => {
    const accessUrl =
      format.format === 'WMS'
        ? `https://geodienste.${org.slug}.example.org/wms?SERVICE=WMS&REQUEST=GetCapabilities`
        : format.format === 'API'
          ? `https://api.${org.slug}.example.org/v1/${file}`
          : chance(random, 0.7)
            ? `https://opendata.${org.slug}.example.org/dataset/${file}/${file}.${format.extension}`
            : `https://download.example.net/${datasetKey}/${position}.${format.extension}`;
    const isDocumentation = format.format === 'PDF';
    const title =
      language === 'de'
        ? isDocumentation
          ? 'Dokumentation der Merkmale (PDF)'
          : pick(random, [
              `${topicTitle} ${year} (${format.format})`,
              `Gesamtdatensatz als ${format.format}`,
              `Download ${format.format}`,
            ])
        : isDocumentation
          ? 'Data dictionary (PDF)'
          : pick(random, [
              `${topicTitle} ${year} (${format.format})`,
              `Full dataset as ${format.format}`,
              `${format.format} download`,
            ]);
    return {
      id: `https://dsm.example/distributions/${datasetKey}-${position}`,
      title,
      mediaType: format.mediaType,
      format: format.format,
      // Now and then one file of a dataset carries another spelling or licence, as on real portals.
      licence: position > 0 && chance(random, 0.1) ? licenceText(random, isPaid) : licence,
      accessUrl,
      byteSize:
        format.format === 'WMS' || format.format === 'API' || chance(random, 0.08)
          ? null
          : Math.round(logUniform(random, KB, MAX_BYTES)),
    };
  });
}

function makeOffer(seedMix: number, seedTag: number, index: number): TOfferRecord {
  const random = mulberry32(mix32(index ^ seedMix) ^ mix32(seedMix + index));
  const id = offerId(random, seedTag, index);
  const language = chance(random, 0.5) ? 'de' : 'en';
  const primary = CATEGORIES[Math.floor(random() * CATEGORIES.length)]!;
  const categories = [primary];
  const extraCategories = random() < 0.55 ? 0 : random() < 0.67 ? 1 : 2;
  while (categories.length < 1 + extraCategories) {
    const other = pick(random, CATEGORIES);
    if (!categories.includes(other)) categories.push(other);
  }
  const topic = pick(random, VOCABULARY[primary].topics);
  const place = pickPlace(random);
  const org = pickOrganisation(random, place);
  const to = between(random, 2013, 2026);
  const from = chance(random, 0.25) ? to : Math.max(2000, to - between(random, 1, 12));
  const model = paymentModel(random);
  const isPaid = model !== 'FREE_OF_CHARGE';
  const formatCount = between(random, 1, 4);
  const formats: TFormat[] = [];
  while (formats.length < formatCount) {
    const format = pickWeighted(random, FORMATS);
    if (!formats.includes(format)) formats.push(format);
  }
  const keywords = uniqueKeywords(random, topic, primary, place);
  const parts: TTextParts = {
    topic,
    topicDe: pick(random, topic.de),
    topicEn: pick(random, topic.en),
    place,
    frequency: pick(random, FREQUENCIES[topic.series ?? 'slow']),
    from,
    to,
    publisher: org.name,
    formats: formats.map((format) => format.format),
    keywords,
  };
  const title = language === 'de' ? germanTitle(random, parts) : englishTitle(random, parts);
  const description = language === 'de' ? germanDescription(random, parts) : englishDescription(random, parts);
  const topicTitle = language === 'de' ? parts.topicDe : capitalise(parts.topicEn);

  const issuedMs = FIRST_DAY + random() * (LAST_ISSUED - FIRST_DAY);
  const datasets: TDatasetRecord[] = [];
  const datasetCount = chance(random, 0.85) ? 1 : 2;
  for (let position = 0; position < datasetCount; position++) {
    const datasetOrg = position === 0 || chance(random, 0.7) ? org : pick(random, ORGANISATIONS);
    const issued = position === 0 ? issuedMs : issuedMs + random() * (LAST_ISSUED - issuedMs);
    const modified = issued + random() * (GENERATED_DATES_BEFORE - 1000 - issued);
    const datasetKey = `${id}-${position}`;
    const datasetFormats = position === 0 ? formats : [pickWeighted(random, FORMATS)];
    datasets.push({
      id: `https://dsm.example/datasets/${datasetKey}`,
      issued: atSecond(issued),
      modified: atSecond(modified),
      publisher: agentOf(datasetOrg),
      creator: chance(random, 0.8) ? pick(random, PEOPLE) : null,
      custodian: chance(random, 0.25) ? agentOf(pick(random, ORGANISATIONS)) : null,
      themes: position === 0 ? [...categories] : [primary],
      distributions: makeDistributions(
        random,
        datasetKey,
        datasetOrg,
        language,
        topicTitle,
        to,
        datasetFormats,
        isPaid,
      ),
    });
  }
  const creator = datasets[0]!.creator;
  const author = creator ? `${creator.firstName} ${creator.lastName}` : null;
  const accessRoll = random();
  return {
    id,
    title,
    description,
    language,
    keywords,
    categories,
    paymentModel: model,
    price: price(random, model),
    isSellable: isPaid && chance(random, 0.92),
    author,
    authorEmail: creator?.email ?? null,
    maintainer: org.name,
    maintainerEmail: org.email ?? null,
    providerUrl: `https://${org.slug}.example.org`,
    provider: org.name,
    country: place.country,
    termsOfUse: chance(random, 0.2) ? pick(random, TERMS_OF_USE) : null,
    period:
      from === to ? String(to) : chance(random, 0.15) ? (language === 'de' ? 'laufend' : 'ongoing') : `${from}–${to}`,
    accessType: accessRoll < 0.7 ? 'DIRECT' : accessRoll < 0.9 ? 'API' : 'CONNECTOR',
    contentType: chance(random, 0.9) ? 'DATA' : 'SERVICE',
    datasets,
  };
}

/**
 * Generates realistic demo offers: half German, half English, composed from per-category vocabularies,
 * European places, ~300 publishers and ~1000 people, 1–4 files with licences written the ways real portals
 * write them, and all four payment models. Offer `i` depends only on (seed, i), so generating from `start`
 * gives exactly the same records as the same slice of one long run.
 */
export function* generateOffers({ count, seed = 1, start = 0 }: TGenerateOffersOptions): Generator<TOfferRecord> {
  const seedMix = mix32(seed ^ 0x5eed5eed);
  const seedTag = mix32(seed) & 0xffff;
  for (let index = start; index < start + count; index++) yield makeOffer(seedMix, seedTag, index);
}
