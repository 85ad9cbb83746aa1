/**
 * Queries as people type them into a search box, written by hand from the real content of the fixture
 * catalogues (../shared/fixtures/catalog): lower case, few words, the user's words rather than the
 * title's. Each names the titles that answer it; one of them in the top 10 is a hit. Some use other
 * words than the title ("drunk driving" for "Impaired Driving", "bird flu" for "Avian Influenza") or
 * another form of Chinese (simplified, 台/臺), because users do.
 */
export type TNaturalQuery = {
  /** The text typed into the search bar. */
  query: string;
  /** The catalogue the answers come from. */
  source: 'cdc' | 'depositar';
  /** Titles that answer the query, exactly as the catalogue has them. */
  expectedTitles: string[];
};

export const NATURAL_QUERIES: TNaturalQuery[] = [
  {
    query: 'covid deaths by state',
    source: 'cdc',
    expectedTitles: [
      'Provisional COVID-19 Death Counts by Week Ending Date and State',
      'Conditions Contributing to COVID-19 Deaths, by State and Age, Provisional 2020-2023',
      'Weekly United States COVID-19 Cases and Deaths by State - ARCHIVED',
    ],
  },
  {
    query: 'drug overdose deaths',
    source: 'cdc',
    expectedTitles: [
      'Provisional drug overdose death counts for specific drugs',
      'VSRR Provisional Drug Overdose Death Counts',
      'VSRR Provisional County-Level Drug Overdose Death Counts',
      'Drug overdose death rates, by drug type, sex, age, race, and Hispanic origin: United States',
    ],
  },
  {
    query: 'flu vaccination adults',
    source: 'cdc',
    expectedTitles: [
      'Weekly Cumulative Influenza Vaccination Coverage, Adults 18 and Older, United States',
      'Cumulative Influenza Vaccination Coverage, Adults 18 years and older, by Age Group and Race/Ethnicity, United States',
      'Weekly Influenza Vaccination Coverage and Intent for Vaccination, Overall, by Selected Demographics and Jurisdiction, Among Adults 18 Years and Older',
    ],
  },
  {
    query: 'heart disease mortality by county',
    source: 'cdc',
    expectedTitles: ['Heart Disease Mortality Data Among US Adults (35+) by State/Territory and County'],
  },
  {
    query: 'teen birth rate',
    source: 'cdc',
    expectedTitles: ['NCHS - Teen Birth Rates for Age Group 15-19 in the United States by County'],
  },
  {
    query: 'leading causes of death',
    source: 'cdc',
    expectedTitles: ['NCHS - Leading Causes of Death: United States'],
  },
  {
    query: 'life expectancy by state',
    source: 'cdc',
    expectedTitles: [
      'U.S. Life Expectancy at Birth by State and Census Tract - 2010-2015',
      'U.S. State Life Expectancy by Sex, 2021',
      'U.S. State Life Expectancy by Sex, 2020',
    ],
  },
  {
    query: 'drunk driving deaths',
    source: 'cdc',
    expectedTitles: [
      'Impaired Driving Death Rate, by Age and Sex, 2012 & 2014, Region 4 - Atlanta',
      'Impaired Driving Death Rate, by Age and Sex, 2012 & 2014, Region 5 - Chicago',
      'Impaired Driving Death Rate, by Age and Sex, 2012 & 2014, Region 1 - Boston',
    ],
  },
  {
    query: 'suicide rates',
    source: 'cdc',
    expectedTitles: ['Death rates for suicide, by sex, race, Hispanic origin, and age: United States'],
  },
  {
    query: 'covid hospitalizations',
    source: 'cdc',
    expectedTitles: [
      'Weekly Rates of Laboratory-Confirmed COVID-19 Hospitalizations from the COVID-NET Surveillance System',
      'Monthly Rates of Laboratory-Confirmed COVID-19 Hospitalizations from the COVID-NET Surveillance System',
      'Weekly United States COVID-19 Hospitalization Metrics by Jurisdiction – ARCHIVED',
    ],
  },
  {
    query: 'vaccine hesitancy',
    source: 'cdc',
    expectedTitles: ['Vaccine Hesitancy for COVID-19', 'Vaccine Hesitancy for COVID-19: County and local estimates'],
  },
  {
    query: 'childhood obesity',
    source: 'cdc',
    expectedTitles: [
      'Obesity among children and adolescents aged 2–19 years, by selected characteristics: United States',
    ],
  },
  {
    query: 'asthma in children',
    source: 'cdc',
    expectedTitles: ['Asthma in children younger than age 18, by selected characteristics: United States.'],
  },
  {
    query: 'tobacco tax',
    source: 'cdc',
    expectedTitles: ['The Tax Burden on Tobacco, 1970-2019', 'CDC STATE System Tobacco Legislation - Tax'],
  },
  {
    query: 'e-cigarette laws',
    source: 'cdc',
    expectedTitles: [
      'CDC STATE System E-Cigarette Legislation - Youth Access',
      'CDC STATE System E-Cigarette Legislation - Tax',
      'CDC STATE System E-Cigarette Legislation - Smokefree Indoor Air',
    ],
  },
  {
    query: 'bird flu wastewater',
    source: 'cdc',
    expectedTitles: ['CDC Wastewater Data for Avian Influenza A (H5)'],
  },
  {
    query: 'covid vaccine pregnant women',
    source: 'cdc',
    expectedTitles: ['Weekly COVID-19 Vaccination Coverage Among Pregnant Women 18-49 Years, by Race and Ethnicity'],
  },
  {
    query: 'excess deaths',
    source: 'cdc',
    expectedTitles: [
      'AH Excess Deaths by Sex, Age, and Race and Hispanic Origin',
      'AH Quarterly Excess Deaths by State, Sex, Age, and Race',
      'Excess Deaths Associated with COVID-19',
    ],
  },
  {
    query: 'school closures covid',
    source: 'cdc',
    expectedTitles: [
      'COVID-19-related School Closures: USA, 2020-2022',
      'COVID-19-associated school closures, United States, February 18–June 30, 2020',
    ],
  },
  {
    query: 'infant mortality',
    source: 'cdc',
    expectedTitles: [
      'NCHS - Infant Mortality Rates, by Race: United States, 1915-2013',
      'NCHS - VSRR Quarterly provisional estimates for infant mortality',
    ],
  },
  {
    query: 'lyme disease',
    source: 'cdc',
    expectedTitles: [
      'Lyme disease public use aggregated data with geography, 2022-2023',
      'Lyme disease public use line-listed data without geography, 2022-2023',
    ],
  },
  {
    query: 'stroke deaths by county',
    source: 'cdc',
    expectedTitles: ['Stroke Mortality Data Among US Adults (35+) by State/Territory and County'],
  },
  {
    query: 'dental care cost',
    source: 'cdc',
    expectedTitles: [
      'Delay or nonreceipt of needed medical care, prescription drugs, or dental care during the past 12 months due to cost: United States',
    ],
  },
  {
    query: 'alzheimers',
    source: 'cdc',
    expectedTitles: ["Alzheimer's Disease and Healthy Aging Data"],
  },
  {
    query: 'nursing home vaccination',
    source: 'cdc',
    expectedTitles: ['Vaccination Coverage among Nursing Home Residents'],
  },
  {
    query: '黑面琵鷺',
    source: 'depositar',
    expectedTitles: [
      '台江國家公園及其週緣地區黑面琵鷺長期數量監測成果',
      '曾文溪口黑面琵鷺生態保護區原有漁撈行為監測計畫(102)',
      '對黑面琵鷺友善之濕地營造計畫(103)',
    ],
  },
  {
    query: '日治時期 人口統計',
    source: 'depositar',
    expectedTitles: ['日治時期1905年-1939年_人口統計資料'],
  },
  {
    query: '臺北 歷史地圖',
    source: 'depositar',
    expectedTitles: ['臺北百年歷史地圖WMTS服務'],
  },
  {
    query: '綠島 珊瑚礁',
    source: 'depositar',
    expectedTitles: [
      'LTSER Lyudao 綠島珊瑚礁水下聲景 (202210-202303)',
      'LTSER Lyudao 綠島珊瑚礁水下聲景 (202207-202210)',
      'LTSER Lyudao 珊瑚礁水域水質',
    ],
  },
  {
    query: '台南 寺廟',
    source: 'depositar',
    expectedTitles: ['臺南市寺廟點位'],
  },
  {
    query: '臺灣生物多樣性',
    source: 'depositar',
    expectedTitles: ['台灣生物多樣性網絡物種名錄', '台灣生物多樣性網絡資料集清單', '台灣生物多樣性網絡觀測紀錄切片'],
  },
  {
    query: '污水处理厂',
    source: 'depositar',
    expectedTitles: ['第二批次<提案一> 愛河水環境改善計畫-中區污水處理廠功能提升計畫', '蘭嶼鄉生活污水處理系統期末'],
  },
  {
    query: 'sea turtles taiwan',
    source: 'depositar',
    expectedTitles: ['Sea turtle sightings in Taiwan | 台灣海龜目擊紀錄'],
  },
  {
    query: 'nanshan cemetery',
    source: 'depositar',
    expectedTitles: [
      'High Resolution Orthoimagery of the Nanshan Public Cemetery | 南山公墓高解析正射影像',
      'Online Visit to The Nanshan Gravesite | 線上造訪南山墓地',
    ],
  },
  {
    query: 'typhoon tracks',
    source: 'depositar',
    expectedTitles: ['侵臺颱風路徑圖', 'Typhoon data'],
  },
  {
    query: '空氣品質',
    source: 'depositar',
    expectedTitles: ['空氣品質資料'],
  },
];
