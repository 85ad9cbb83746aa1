import type { TCategory, TPaymentModel } from '@dsm/contracts';
import type { TAgentRecord, TOfferRecord } from '../../catalogue/offer-record';

/**
 * A hand-written relevance corpus: distinctive offers whose titles, keywords and descriptions use the
 * same everyday vocabulary as the generated catalogue, and queries that must find a specific one of them
 * in the top 3 while competing with thousands of generated offers. It checks stemming (German and
 * English), accent folding, phrases, keyword matches and that a title match outranks description
 * matches. The demo seed loads these offers too, so the queries work in the product.
 */

type TJudgedInput = {
  n: number;
  language: 'de' | 'en';
  title: string;
  description: string;
  keywords: string[];
  categories: TCategory[];
  publisher: TAgentRecord;
  modified: string;
  paymentModel?: TPaymentModel;
  price?: number;
  format?: 'CSV' | 'JSON' | 'GeoJSON' | 'XLSX' | 'PDF' | 'ZIP';
  licence?: string;
  byteSize?: number | null;
};

const MEDIA_TYPES: Record<NonNullable<TJudgedInput['format']>, string> = {
  CSV: 'text/csv',
  JSON: 'application/json',
  GeoJSON: 'application/geo+json',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  PDF: 'application/pdf',
  ZIP: 'application/zip',
};

const org = (slug: string, name: string): TAgentRecord => ({
  id: `https://dsm.example/agents/org/${slug}`,
  type: 'foaf:Organization',
  name,
  email: `opendata@${slug}.example.org`,
});

const PUBLISHERS = {
  koeln: org('stadt-koeln', 'Stadt Köln'),
  stuttgart: org('stadt-stuttgart', 'Stadt Stuttgart'),
  muenchen: org('stadt-muenchen', 'Stadt München'),
  bonn: org('stadt-bonn', 'Stadt Bonn'),
  hamburg: org('stadt-hamburg', 'Stadt Hamburg'),
  leipzig: org('stadt-leipzig', 'Stadt Leipzig'),
  dwd: org('deutscher-wetterdienst', 'Deutscher Wetterdienst'),
  bast: org('bundesanstalt-fuer-strassenwesen', 'Bundesanstalt für Straßenwesen'),
  uba: org('umweltbundesamt', 'Umweltbundesamt'),
  destatis: org('statistisches-bundesamt-destatis', 'Statistisches Bundesamt (Destatis)'),
  rki: org('robert-koch-institut', 'Robert Koch-Institut'),
  bkg: org('bundesamt-fuer-kartographie-und-geodaesie', 'Bundesamt für Kartographie und Geodäsie'),
  eea: org('europaeische-umweltagentur', 'Europäische Umweltagentur'),
  geoanalytics: org('geoanalytics-gmbh', 'Geoanalytics GmbH'),
  rhein: org('rhein-datenwerk-gmbh', 'Rhein Datenwerk GmbH'),
} as const;

const CURATOR: TAgentRecord = {
  id: 'https://dsm.example/agents/person/judith-kuratorin',
  type: 'foaf:Person',
  firstName: 'Judith',
  lastName: 'Kuratorin',
  email: 'judith.kuratorin@example.org',
};

const judgedId = (n: number): string => `d5a0c0de-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function judged(input: TJudgedInput): TOfferRecord {
  const id = judgedId(input.n);
  const format = input.format ?? 'CSV';
  const paymentModel = input.paymentModel ?? 'FREE_OF_CHARGE';
  const modified = new Date(input.modified);
  return {
    id,
    title: input.title,
    description: input.description,
    language: input.language,
    keywords: input.keywords,
    categories: input.categories,
    paymentModel,
    price: input.price ?? 0,
    isSellable: paymentModel !== 'FREE_OF_CHARGE',
    author: 'Judith Kuratorin',
    authorEmail: CURATOR.email ?? null,
    maintainer: input.publisher.name ?? null,
    maintainerEmail: input.publisher.email ?? null,
    providerUrl: `https://${input.publisher.id.split('/').pop()}.example.org`,
    provider: input.publisher.name ?? null,
    country: 'DE',
    termsOfUse: null,
    period: null,
    accessType: 'DIRECT',
    contentType: 'DATA',
    datasets: [
      {
        id: `https://dsm.example/datasets/${id}-0`,
        issued: new Date(modified.getTime() - 400 * 86_400_000),
        modified,
        publisher: input.publisher,
        creator: CURATOR,
        custodian: null,
        themes: input.categories,
        distributions: [
          {
            id: `https://dsm.example/distributions/${id}-0-0`,
            title: input.language === 'de' ? `Gesamtdatensatz (${format})` : `Full dataset (${format})`,
            mediaType: MEDIA_TYPES[format],
            format,
            licence: input.licence ?? (paymentModel === 'FREE_OF_CHARGE' ? 'dl-de/by-2-0' : 'other-commercial'),
            accessUrl: `https://opendata.example.org/judged/${input.n}.${format.toLowerCase()}`,
            byteSize: input.byteSize === undefined ? 250_000 + input.n * 10_000 : input.byteSize,
          },
        ],
      },
    ],
  };
}

/** The judged offers, loaded before the generated ones by the demo seed. */
export const JUDGED_OFFERS: TOfferRecord[] = [
  judged({
    n: 1,
    language: 'de',
    title: 'Lärm am Flughafen Köln/Bonn – Messung der Fluglärmbelastung',
    description:
      'Dauerschallpegel und Maximalpegel von 14 Messstellen in den Anrainergemeinden des Flughafens, getrennt nach Tag und Nacht, seit 2015.',
    keywords: ['Fluglärm', 'Lärm', 'Flughafen', 'Lärmschutz'],
    categories: ['ENVIRONMENT', 'TRANSPORT'],
    publisher: PUBLISHERS.koeln,
    modified: '2024-03-12T08:00:00Z',
  }),
  judged({
    n: 2,
    language: 'en',
    title: 'Hourly traffic counts on the A9 motorway between Munich and Nuremberg',
    description:
      'Vehicle counts per hour and direction from 38 induction loop stations along the A9, split into cars and heavy goods vehicles.',
    keywords: ['traffic', 'motorway', 'induction loops', 'heavy goods vehicles'],
    categories: ['TRANSPORT'],
    publisher: PUBLISHERS.bast,
    modified: '2023-09-01T00:00:00Z',
  }),
  judged({
    n: 3,
    language: 'de',
    title: 'Pendler auf dem Radschnellweg Ruhr (RS1): Zählung des Radverkehrs',
    description:
      'Zählwerte der automatischen Dauerzählstellen am Radschnellweg zwischen Mülheim an der Ruhr und Essen in 15-Minuten-Intervallen.',
    keywords: ['Radschnellweg', 'Fahrrad', 'Pendler', 'Radverkehr'],
    categories: ['TRANSPORT'],
    publisher: PUBLISHERS.rhein,
    modified: '2024-06-30T00:00:00Z',
  }),
  judged({
    n: 4,
    language: 'de',
    title: 'Stickstoffdioxid und Feinstaub am Stuttgarter Neckartor',
    description:
      'Halbstündliche Messwerte der Luftqualität an der Station Am Neckartor, einer der am stärksten belasteten Straßen Deutschlands; mit Feinstaub und Verkehrsmengen.',
    keywords: ['Feinstaub', 'Stickstoffdioxid', 'NO2', 'Neckartor'],
    categories: ['ENVIRONMENT', 'HEALTH'],
    publisher: PUBLISHERS.stuttgart,
    modified: '2024-01-15T00:00:00Z',
  }),
  judged({
    n: 5,
    language: 'en',
    title: 'Open data portal usage statistics of the City of Bonn',
    description:
      'Monthly page views, downloads and API calls per dataset of the Bonn open data portal, including search terms users entered.',
    keywords: ['open data', 'web analytics', 'downloads', 'portal'],
    categories: ['INFORMATIONS_AND_COMMUNICATIONS', 'GOVERNMENT_AND_PUBLIC_SECTOR'],
    publisher: PUBLISHERS.bonn,
    modified: '2023-11-20T00:00:00Z',
  }),
  judged({
    n: 6,
    language: 'en',
    title: 'Heavy rain hazard map for Wuppertal',
    description:
      'Flow paths, water depths and flow velocities for rare and extreme heavy rain events, modelled on a 1 m terrain grid.',
    keywords: ['heavy rain', 'flood risk', 'hazard map', 'climate adaptation'],
    categories: ['ENVIRONMENT', 'GEOSPATIAL_AND_PROPERTY'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2022-08-10T00:00:00Z',
    format: 'GeoJSON',
  }),
  judged({
    n: 7,
    language: 'de',
    title: 'Wartezeiten in den Bürgerämtern der Stadt Düsseldorf',
    description:
      'Durchschnittliche Wartezeit und Zahl der Vorsprachen je Bürgeramt und Wochentag, erfasst über das Aufrufsystem.',
    keywords: ['Bürgeramt', 'Wartezeit', 'Bürgerservice', 'Verwaltung'],
    categories: ['GOVERNMENT_AND_PUBLIC_SECTOR'],
    publisher: PUBLISHERS.rhein,
    modified: '2024-02-02T00:00:00Z',
  }),
  judged({
    n: 8,
    language: 'de',
    title: 'Nitrat im Grundwasser und Trinkwasser in Münster',
    description:
      'Analysewerte für Nitrat, Härte, Calcium und Magnesium je Wasserwerk und Brunnen, zweimal jährlich nach der Trinkwasserverordnung veröffentlicht.',
    keywords: ['Trinkwasser', 'Grundwasser', 'Nitrat', 'Wasserwerk'],
    categories: ['HEALTH', 'ENVIRONMENT'],
    publisher: PUBLISHERS.rhein,
    modified: '2023-05-05T00:00:00Z',
  }),
  judged({
    n: 9,
    language: 'en',
    title: 'Bike sharing trips in Leipzig',
    description:
      'Anonymised start and end stations, duration and distance of every rental of the city bike sharing scheme.',
    keywords: ['bike sharing', 'cycling', 'micromobility', 'rentals'],
    categories: ['TRANSPORT'],
    publisher: PUBLISHERS.leipzig,
    modified: '2024-04-01T00:00:00Z',
  }),
  judged({
    n: 10,
    language: 'de',
    title: 'Solarpotenzial für Photovoltaik auf Dachflächen in Zürich',
    description:
      'Eignung jeder Dachfläche für Photovoltaik und Solarthermie mit jährlicher Einstrahlung und möglichem Stromertrag.',
    keywords: ['Solarkataster', 'Photovoltaik', 'Dachflächen', 'Solarenergie'],
    categories: ['ENERGY', 'GEOSPATIAL_AND_PROPERTY'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2023-03-03T00:00:00Z',
  }),
  judged({
    n: 11,
    language: 'en',
    title: 'Noise complaints reported to the city of Malmö',
    description: 'Each complaint with district, source of noise (construction, music, traffic) and time of day.',
    keywords: ['noise', 'complaints', 'nightlife'],
    categories: ['ENVIRONMENT', 'POPULATION_AND_SOCIETY'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2022-12-01T00:00:00Z',
  }),
  judged({
    n: 12,
    language: 'de',
    title: 'Straßenbahn-Pünktlichkeit der Leipziger Verkehrsbetriebe',
    description:
      'Abweichungen von der Soll-Abfahrtszeit je Linie und Haltestelle, als Monatsstatistik und als Rohdaten aus dem Betriebsleitsystem.',
    keywords: ['Straßenbahn', 'Pünktlichkeit', 'ÖPNV', 'Verspätungen'],
    categories: ['TRANSPORT'],
    publisher: PUBLISHERS.leipzig,
    modified: '2024-05-20T00:00:00Z',
  }),
  judged({
    n: 13,
    language: 'en',
    title: 'Counting migratory birds at the Wadden Sea coast',
    description:
      'Spring and autumn counts of waders and geese at 60 high-tide roosts, coordinated across the Wadden Sea.',
    keywords: ['birds', 'biodiversity', 'Wadden Sea', 'monitoring'],
    categories: ['ENVIRONMENT', 'SCIENCE_AND_TECHNOLOGY'],
    publisher: PUBLISHERS.uba,
    modified: '2023-10-10T00:00:00Z',
  }),
  judged({
    n: 14,
    language: 'de',
    title: 'Mietspiegel Hamburg 2023: Wohnen und Vergleichsmieten',
    description:
      'Ortsübliche Vergleichsmieten nach Baualtersklasse, Wohnlage und Wohnungsgröße, Grundlage für Mieterhöhungen.',
    keywords: ['Mietspiegel', 'Mieten', 'Wohnen', 'Vergleichsmiete'],
    categories: ['ECONOMY_AND_FINANCE', 'POPULATION_AND_SOCIETY'],
    publisher: PUBLISHERS.hamburg,
    modified: '2023-12-14T00:00:00Z',
    format: 'PDF',
  }),
  judged({
    n: 15,
    language: 'en',
    title: 'Electric vehicle charging sessions in Munich',
    description:
      'Start, end, energy delivered and connector type of every charging session at public charging points run by the municipal utility.',
    keywords: ['electric vehicles', 'charging', 'e-mobility', 'energy'],
    categories: ['ENERGY', 'TRANSPORT'],
    publisher: PUBLISHERS.muenchen,
    modified: '2024-07-07T00:00:00Z',
    paymentModel: 'PAY_PER_USE_DOWNLOAD',
    price: 49,
  }),
  judged({
    n: 16,
    language: 'de',
    title: 'Hitzeinseln in Köln: Temperatur an heißen Sommertagen',
    description:
      'Oberflächentemperaturen aus Thermalbefliegungen und Messfahrten an Sommertagen, mit Hinweisen auf kühlende Grünflächen.',
    keywords: ['Hitze', 'Stadtklima', 'Klimaanpassung', 'Temperatur'],
    categories: ['ENVIRONMENT', 'HEALTH'],
    publisher: PUBLISHERS.koeln,
    modified: '2023-07-21T00:00:00Z',
  }),
  judged({
    n: 17,
    language: 'en',
    title: 'Hospital emergency department waiting times in Hamburg',
    description: 'Median time from arrival to first assessment per emergency department, reported every quarter.',
    keywords: ['hospitals', 'emergency', 'waiting times', 'health care'],
    categories: ['HEALTH'],
    publisher: PUBLISHERS.hamburg,
    modified: '2024-01-31T00:00:00Z',
  }),
  judged({
    n: 18,
    language: 'de',
    title: 'Fernwärme und Erdgas: Verbrauch der Schulgebäude in Bonn',
    description: 'Monatliche Zählerstände für Erdgas und Fernwärme aller städtischen Schulen seit 2016.',
    keywords: ['Fernwärme', 'Erdgas', 'Schulen', 'Energiemanagement'],
    categories: ['ENERGY', 'EDUCATION_CULTURE_AND_SPORT'],
    publisher: PUBLISHERS.bonn,
    modified: '2024-02-28T00:00:00Z',
  }),
  judged({
    n: 19,
    language: 'en',
    title: 'Pedestrian counts in the shopping streets of Łódź',
    description: 'Laser-scanner counts of passers-by per hour on Piotrkowska Street and four other shopping streets.',
    keywords: ['pedestrians', 'footfall', 'retail', 'city centre'],
    categories: ['ECONOMY_AND_FINANCE', 'REGIONS_AND_CITIES'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2023-06-06T00:00:00Z',
    paymentModel: 'SUBSCRIPTION_BASED',
    price: 99,
  }),
  judged({
    n: 20,
    language: 'de',
    title: 'Spielplätze in Leipzig mit Ausstattung und Barrierefreiheit',
    description:
      'Lage, Altersgruppe und Spielgeräte aller öffentlichen Spielplätze sowie Angaben zur barrierefreien Nutzung.',
    keywords: ['Spielplätze', 'Kinder', 'Freizeit', 'Barrierefreiheit'],
    categories: ['EDUCATION_CULTURE_AND_SPORT', 'REGIONS_AND_CITIES'],
    publisher: PUBLISHERS.leipzig,
    modified: '2022-09-09T00:00:00Z',
    format: 'GeoJSON',
  }),
  judged({
    n: 21,
    language: 'en',
    title: 'Wind measurements from offshore research platform FINO1',
    description: 'Ten-minute wind speed and direction at heights from 33 to 100 metres in the North Sea since 2004.',
    keywords: ['wind energy', 'offshore', 'North Sea', 'meteorology'],
    categories: ['ENERGY', 'SCIENCE_AND_TECHNOLOGY'],
    publisher: PUBLISHERS.dwd,
    modified: '2023-02-14T00:00:00Z',
    format: 'ZIP',
  }),
  judged({
    n: 22,
    language: 'de',
    title: 'Hebammenversorgung in Thüringen',
    description: 'Zahl der freiberuflichen Hebammen je Landkreis und Geburten je Hebamme, aus der Landesstatistik.',
    keywords: ['Hebammen', 'Geburtshilfe', 'Versorgung', 'Geburten'],
    categories: ['HEALTH', 'POPULATION_AND_SOCIETY'],
    publisher: PUBLISHERS.destatis,
    modified: '2023-04-04T00:00:00Z',
  }),
  judged({
    n: 23,
    language: 'en',
    title: 'Train delays at Frankfurt main station',
    description:
      'Arrival and departure delays of long-distance and regional trains per hour, derived from live timetable data.',
    keywords: ['rail', 'delays', 'punctuality', 'public transport'],
    categories: ['TRANSPORT'],
    publisher: PUBLISHERS.rhein,
    modified: '2024-08-08T00:00:00Z',
  }),
  judged({
    n: 24,
    language: 'de',
    title: 'Baugenehmigungen für Wohngebäude in München',
    description: 'Genehmigte Wohnungen und Wohnfläche nach Stadtbezirk und Gebäudeart, monatlich fortgeschrieben.',
    keywords: ['Baugenehmigungen', 'Wohnungsbau', 'Wohnen', 'Bautätigkeit'],
    categories: ['ECONOMY_AND_FINANCE', 'REGIONS_AND_CITIES'],
    publisher: PUBLISHERS.muenchen,
    modified: '2024-03-30T00:00:00Z',
  }),
  judged({
    n: 25,
    language: 'en',
    title: 'Honey bee colony losses in German agriculture',
    description: 'Winter losses of honey bee colonies reported by beekeepers, by federal state and hive type.',
    keywords: ['bees', 'beekeeping', 'pollinators', 'agriculture'],
    categories: ['AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD', 'ENVIRONMENT'],
    publisher: PUBLISHERS.uba,
    modified: '2023-08-18T00:00:00Z',
  }),
  judged({
    n: 26,
    language: 'de',
    title: 'Waldbrandgefahr im Wald: täglicher Gefahrenindex für Brandenburg',
    description:
      'Tägliche Waldbrandgefahrenstufen 1 bis 5 je Landkreis während der Waldbrandsaison von März bis September.',
    keywords: ['Waldbrand', 'Wald', 'Brandschutz', 'Dürre'],
    categories: ['AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD', 'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY'],
    publisher: PUBLISHERS.dwd,
    modified: '2024-09-15T00:00:00Z',
  }),
  judged({
    n: 27,
    language: 'en',
    title: 'Library opening hours and visitor counts in Besançon',
    description: 'Weekly visitor counts and opening hours of the municipal media libraries and the university library.',
    keywords: ['libraries', 'visitors', 'opening hours', 'culture'],
    categories: ['EDUCATION_CULTURE_AND_SPORT'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2022-11-11T00:00:00Z',
  }),
  judged({
    n: 28,
    language: 'de',
    title: 'Verkehrssicherheit: Unfallhäufungsstellen in Nordrhein-Westfalen',
    description:
      'Knotenpunkte und Streckenabschnitte mit auffällig vielen Unfällen, ausgewertet von den Unfallkommissionen.',
    keywords: ['Unfälle', 'Verkehrssicherheit', 'Unfallkommission', 'Straßenverkehr'],
    categories: ['TRANSPORT', 'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY'],
    publisher: PUBLISHERS.bast,
    modified: '2023-01-23T00:00:00Z',
  }),
  judged({
    n: 29,
    language: 'en',
    title: 'Groundwater nitrate concentrations in Lower Saxony',
    description:
      'Nitrate in milligrams per litre at 1,100 monitoring wells with the trend since 2008 and the threshold of 50 mg/l.',
    keywords: ['groundwater', 'nitrate', 'water quality', 'agriculture'],
    categories: ['ENVIRONMENT', 'AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD'],
    publisher: PUBLISHERS.uba,
    modified: '2024-04-24T00:00:00Z',
  }),
  judged({
    n: 30,
    language: 'de',
    title: 'Kita-Wartelisten in Köln nach Stadtbezirk',
    description:
      'Zahl der Kinder auf der Warteliste für einen Betreuungsplatz, getrennt nach unter und über drei Jahren.',
    keywords: ['Kita', 'Kinderbetreuung', 'Warteliste', 'Betreuungsplätze'],
    categories: ['EDUCATION_CULTURE_AND_SPORT', 'EMPLOYMENT_AND_SOCIAL_WELFARE'],
    publisher: PUBLISHERS.koeln,
    modified: '2024-05-05T00:00:00Z',
  }),
  judged({
    n: 31,
    language: 'en',
    title: 'Coastal erosion monitoring on the island of Sylt',
    description:
      'Shoreline position and beach volume from annual laser scans, with sand replenishment volumes per section.',
    keywords: ['coastal protection', 'erosion', 'North Sea', 'LiDAR'],
    categories: ['GEOSPATIAL_AND_PROPERTY', 'ENVIRONMENT'],
    publisher: PUBLISHERS.bkg,
    modified: '2023-09-19T00:00:00Z',
  }),
  judged({
    n: 32,
    language: 'de',
    title: 'Abfallkalender und Wertstoffhöfe in Stuttgart',
    description:
      'Abfuhrtermine für Restmüll, Biomüll, Papier und Gelben Sack je Straße sowie Öffnungszeiten der Wertstoffhöfe.',
    keywords: ['Abfall', 'Müllabfuhr', 'Recycling', 'Wertstoffhof'],
    categories: ['ENVIRONMENT', 'GOVERNMENT_AND_PUBLIC_SECTOR'],
    publisher: PUBLISHERS.stuttgart,
    modified: '2024-10-01T00:00:00Z',
    format: 'JSON',
  }),
  judged({
    n: 33,
    language: 'en',
    title: 'Mobile phone network coverage measured by citizens in Saxony',
    description:
      'Crowdsourced signal strength readings from an app, aggregated to 100 m cells, with dead spots flagged.',
    keywords: ['mobile coverage', 'dead spots', 'crowdsourcing', 'LTE'],
    categories: ['INFORMATIONS_AND_COMMUNICATIONS'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2023-12-01T00:00:00Z',
  }),
  judged({
    n: 34,
    language: 'de',
    title: 'Schwimmbad-Besucherzahlen der Bäderbetriebe Hamburg',
    description: 'Tägliche Besucher je Hallenbad und Freibad, mit Wassertemperatur und Wetter an Sommertagen.',
    keywords: ['Schwimmbäder', 'Freibad', 'Besucherzahlen', 'Sport'],
    categories: ['EDUCATION_CULTURE_AND_SPORT'],
    publisher: PUBLISHERS.hamburg,
    modified: '2024-08-30T00:00:00Z',
  }),
  judged({
    n: 35,
    language: 'en',
    title: 'Influenza surveillance: weekly case numbers by age group',
    description:
      'Laboratory-confirmed influenza cases per calendar week, by age group and federal state, from the notification system.',
    keywords: ['influenza', 'infectious diseases', 'surveillance', 'public health'],
    categories: ['HEALTH'],
    publisher: PUBLISHERS.rki,
    modified: '2024-03-01T00:00:00Z',
  }),
  judged({
    n: 36,
    language: 'de',
    title: 'Leerstand von Ladenlokalen in der Düsseldorfer Innenstadt',
    description:
      'Erhebung leerstehender Einzelhandelsflächen mit Verkaufsfläche und Dauer des Leerstands, zweimal im Jahr.',
    keywords: ['Leerstand', 'Einzelhandel', 'Innenstadt', 'Gewerbeflächen'],
    categories: ['ECONOMY_AND_FINANCE', 'REGIONS_AND_CITIES'],
    publisher: PUBLISHERS.rhein,
    modified: '2023-10-30T00:00:00Z',
    paymentModel: 'DATA_VOLUME_BASED',
    price: 0.25,
  }),
  judged({
    n: 37,
    language: 'en',
    title: 'Parking sensors in the old town of Regensburg',
    description: 'Live occupancy of 420 on-street parking bays equipped with ground sensors, with history since 2021.',
    keywords: ['parking', 'sensors', 'smart city', 'occupancy'],
    categories: ['TRANSPORT', 'INFORMATIONS_AND_COMMUNICATIONS'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2024-06-12T00:00:00Z',
    paymentModel: 'SUBSCRIPTION_BASED',
    price: 29.99,
  }),
  judged({
    n: 38,
    language: 'de',
    title: 'Hochwasser und Pegelstände der Elbe in Dresden',
    description:
      'Wasserstand und Abfluss am Pegel Dresden im 15-Minuten-Takt mit Meldestufen und historischen Hochwassermarken.',
    keywords: ['Hochwasser', 'Pegel', 'Elbe', 'Wasserstand'],
    categories: ['ENVIRONMENT', 'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY'],
    publisher: PUBLISHERS.uba,
    modified: '2024-09-20T00:00:00Z',
  }),
  judged({
    n: 39,
    language: 'en',
    title: 'Apprenticeship contracts and the labour market in Bavaria',
    description:
      'New apprenticeship contracts per occupation and chamber district, with the share of contracts terminated early.',
    keywords: ['apprenticeships', 'vocational training', 'skilled workers', 'labour market'],
    categories: ['EMPLOYMENT_AND_SOCIAL_WELFARE', 'EDUCATION_CULTURE_AND_SPORT'],
    publisher: PUBLISHERS.destatis,
    modified: '2023-11-02T00:00:00Z',
  }),
  judged({
    n: 40,
    language: 'de',
    title: 'Glasfaser für Gewerbegebiete im Hochsauerlandkreis',
    description: 'Anschlussstatus je Gewerbegebiet mit geplanter Fertigstellung und verfügbarer Bandbreite.',
    keywords: ['Glasfaser', 'Gigabit', 'Gewerbegebiete', 'Breitband'],
    categories: ['INFORMATIONS_AND_COMMUNICATIONS', 'ECONOMY_AND_FINANCE'],
    publisher: PUBLISHERS.bkg,
    modified: '2024-07-17T00:00:00Z',
  }),
  judged({
    n: 41,
    language: 'en',
    title: 'Street lighting energy efficiency in Ghent',
    description: 'Every street light with lamp type, wattage and the year it was converted to LED.',
    keywords: ['street lighting', 'LED', 'energy efficiency', 'public space'],
    categories: ['ENERGY', 'REGIONS_AND_CITIES'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2022-10-10T00:00:00Z',
  }),
  judged({
    n: 42,
    language: 'de',
    title: 'Pflegeheime in Sachsen: Versorgung und freie Pflegeplätze',
    description:
      'Stationäre Pflegeeinrichtungen mit Zahl der Plätze, Auslastung und Kurzzeitpflege, wöchentlich gemeldet.',
    keywords: ['Pflege', 'Pflegeheime', 'Senioren', 'Versorgung'],
    categories: ['HEALTH', 'EMPLOYMENT_AND_SOCIAL_WELFARE'],
    publisher: PUBLISHERS.destatis,
    modified: '2024-02-14T00:00:00Z',
  }),
  judged({
    n: 43,
    language: 'en',
    title: 'Ferry passengers between Rostock and Gedser',
    description: 'Monthly passengers, cars and lorries carried on the Baltic Sea ferry route since 2010.',
    keywords: ['ferries', 'Baltic Sea', 'passenger numbers', 'shipping'],
    categories: ['TRANSPORT'],
    publisher: PUBLISHERS.destatis,
    modified: '2023-07-07T00:00:00Z',
  }),
  judged({
    n: 44,
    language: 'de',
    title: 'Obstbaumwiesen und Streuobstbestände im Bodenseekreis',
    description:
      'Kartierte Streuobstwiesen mit Baumzahl, Obstarten und Pflegezustand als Grundlage für Förderprogramme.',
    keywords: ['Streuobst', 'Obstbau', 'Biodiversität', 'Landschaftspflege'],
    categories: ['AGRICULTURE_FISHERIES_FORESTRY_AND_FOOD', 'ENVIRONMENT'],
    publisher: PUBLISHERS.geoanalytics,
    modified: '2023-03-27T00:00:00Z',
  }),
  judged({
    n: 45,
    language: 'en',
    title: 'Tourist overnight stays in Lucerne hotels',
    description: 'Overnight stays and arrivals per month by country of origin and hotel category.',
    keywords: ['tourism', 'hotels', 'overnight stays', 'visitors'],
    categories: ['ECONOMY_AND_FINANCE'],
    publisher: PUBLISHERS.destatis,
    modified: '2024-01-05T00:00:00Z',
  }),
  judged({
    n: 46,
    language: 'de',
    title: 'Abwasser-Daten zum Corona-Monitoring in Kläranlagen',
    description:
      'Viruslast von SARS-CoV-2 im Zulauf von 130 Kläranlagen, zweimal wöchentlich gemessen und normalisiert.',
    keywords: ['Abwasser', 'SARS-CoV-2', 'Kläranlagen', 'Surveillance'],
    categories: ['HEALTH', 'ENVIRONMENT'],
    publisher: PUBLISHERS.rki,
    modified: '2024-10-15T00:00:00Z',
  }),
  judged({
    n: 47,
    language: 'en',
    title: 'European air quality index for cities',
    description:
      'Annual ranking of European cities by fine particulate matter concentration, from the European air quality network.',
    keywords: ['air quality', 'PM2.5', 'cities', 'Europe'],
    categories: ['ENVIRONMENT', 'HEALTH'],
    publisher: PUBLISHERS.eea,
    modified: '2024-06-01T00:00:00Z',
  }),
  judged({
    n: 48,
    language: 'de',
    title: 'Tempo-30-Zonen und Geschwindigkeitsbegrenzungen in Köln',
    description:
      'Alle Straßenabschnitte mit zulässiger Höchstgeschwindigkeit, Geltungszeiten und Begründung der Anordnung.',
    keywords: ['Tempo 30', 'Geschwindigkeit', 'Verkehrssicherheit', 'Lärmschutz'],
    categories: ['TRANSPORT', 'JUSTICE_LEGAL_SYSTEM_AND_PUBLIC_SAFETY'],
    publisher: PUBLISHERS.koeln,
    modified: '2023-08-08T00:00:00Z',
  }),
];

export type TJudgedQuery = { query: string; expectedOfferId: string; note: string };

const q = (query: string, n: number, note: string): TJudgedQuery => ({ query, expectedOfferId: judgedId(n), note });

/**
 * Queries as the web app sends them (terms joined with '|'), each expecting one judged offer in the
 * top 3 among thousands of generated offers.
 */
export const JUDGED_QUERIES: TJudgedQuery[] = [
  // Common catalogue words: hundreds of generated offers carry them in keywords or descriptions, the judged
  // offer in its title, which must rank it first.
  q('Lärm', 1, 'title match beats generated noise offers tagged "Lärm"'),
  q('Feinstaub|Stickstoffdioxid', 4, 'title beats generated air-quality offers with both words in keywords and text'),
  q('Grundwasser', 8, 'title beats generated groundwater offers tagged "Grundwasser"'),
  q('Nitrat', 8, 'title beats generated water-quality offers tagged "Nitrat"'),
  q('Hochwasser', 38, 'title beats generated flood offers tagged "Hochwasser"'),
  q('Verkehrssicherheit', 28, 'title beats generated accident offers tagged "Verkehrssicherheit"'),
  q('Photovoltaik|Zurich', 10, 'German and English stems meet ("photovolta"); accent folding finds "Zürich"'),
  q('Pendler', 3, 'title beats generated employment offers tagged "Pendler"'),
  q('Fernwärme', 18, 'title beats generated heating offers tagged "Fernwärme"'),
  q('Wohnen', 14, 'title beats generated housing-benefit offers tagged "Wohnen"'),
  q('Glasfaser', 40, 'title beats generated broadband offers tagged "Glasfaser"'),
  q('Wald', 26, 'title beats generated forest offers tagged "Wald"'),
  q('Daten', 46, 'title beats thousands of German descriptions saying "Die Daten ..."'),
  q('Temperatur', 16, 'title beats generated weather offers tagged "Temperatur"'),
  q('Barrierefreiheit', 20, 'title beats generated offers tagged "Barrierefreiheit"'),
  q('Versorgung', 42, 'title beats generated health offers tagged "Versorgung" and a judged keyword match'),
  q('agriculture', 25, 'title beats generated offers tagged with the category word "agriculture"'),
  q('surveillance', 35, 'English title beats generated disease offers tagged "Surveillance"'),
  q('"labour market"', 39, 'phrase in the title beats generated unemployment offers tagged "labour market"'),
  q('energy|efficiency', 41, 'both words in the title beat generated energy titles with "efficiency" only tagged'),
  q('electric|vehicles|charging', 15, 'all three in the title beat generated charging offers with them in keywords'),
  q('traffic|counting|motorway', 2, 'English stemming "counting" finds "counts"; beats generated traffic counts'),
  q('"open data"|Bonn', 5, 'phrase plus place: generated Bonn offers use "open data" only in descriptions'),
  q('"heavy rain"|hazard', 6, 'phrase in the title beats generated flood-hazard offers tagged "heavy rain"'),
  q('influenza|weekly|cases', 35, 'English stemming of "cases", against generated weekly disease counts'),
  q('"air quality"|cities', 47, 'phrase plus "cities" (stem of "city") against generated air-quality offers'),
  // Stemming and accent folding on distinctive offers.
  q('Messungen|Fluglärm', 1, 'German stemming: "Messungen" finds "Messung"'),
  q('Flughafen|Koln', 1, 'accent folding: "Koln" finds "Köln"'),
  q('Wartezeit|Dusseldorf', 7, 'German stemming of "Wartezeiten" and accent folding of "Düsseldorf"'),
  q('Trinkwasser|Munster', 8, 'accent folding: "Munster" finds "Münster"'),
  q('Solarpotenzial|Zurich', 10, 'accent folding: "Zurich" finds "Zürich"'),
  q('noise|complaints|Malmo', 11, 'accent folding: "Malmo" finds "Malmö"'),
  q('pedestrian|Lodz', 19, 'accent folding: "Lodz" finds "Łódź"'),
  q('library|visitors|Besancon', 27, 'accent folding "Besancon" finds "Besançon"; "library" finds "Library"'),
  q('counted|birds', 13, 'English stemming: "counted" and "Counting" share the stem'),
  q('Spielplatz|Leipzig', 20, 'German stemming: the singular finds the plural "Spielplätze"'),
  q('wind|measurement|offshore', 21, 'English stemming: "measurement" finds "measurements"'),
  q('bee|colonies', 25, 'English stemming: "colonies" finds "colony", "bee" finds "bee"'),
  q('ferry|Rostock', 43, 'English stemming: "ferry" finds "Ferry" and "ferries"'),
  q('Straßenbahn|Pünktlichkeit', 12, 'German words with ß and ü'),
  q('Unfallhäufungsstellen', 28, 'a long German compound from the title'),
  // Exact title words, keywords and phrases.
  q('ÖPNV|Verspätungen', 12, 'keyword-only match: both words are only in the keywords'),
  q('"open data portal"', 5, 'a three-word phrase'),
  q('A9|traffic', 2, 'a road number among common traffic words'),
  q('Radschnellweg', 3, 'a German compound in title and keywords'),
  q('Mietspiegel|Hamburg', 14, 'title words; generated Hamburg offers match only the place'),
  q('bike|sharing|Leipzig', 9, 'multi-term English title match'),
  q('emergency|waiting|times', 17, 'multi-term English title match'),
  q('Kita|Warteliste', 30, 'German title words; generated "Kita-Plätze" offers lack "Warteliste"'),
  q('coastal|erosion|Sylt', 31, 'English title words'),
  q('Abfallkalender|Wertstoffhöfe', 32, 'German compounds'),
  q('coverage|Saxony|mobile', 33, 'English title words in another order'),
  q('Leerstand|Innenstadt', 36, 'German title and keywords'),
  q('parking|sensors|Regensburg', 37, 'English title words'),
  q('Hochwasser|Elbe|Dresden', 38, 'German title words against generated flood offers'),
  q('apprenticeship|Bavaria', 39, 'English title words against generated apprenticeship offers'),
  q('Streuobst|Bodenseekreis', 44, 'keyword and district name'),
  q('overnight|stays|Lucerne', 45, 'English title words'),
  q('Abwasser|Kläranlagen', 46, 'German title words'),
  q('Tempo|Geschwindigkeitsbegrenzungen', 48, 'German title words'),
];
