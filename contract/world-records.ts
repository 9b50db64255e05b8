// Over 300 lines: a data table (the published records per federation, sex and class), read as one; the code around it is short.
// World records per sex and bodyweight class: the ceilings an upload is held to (contract/plausibility.ts).
// A ceiling must never refuse a real lift, so each one is the heaviest lift a human of that sex made in
// competition at a bodyweight the class allows: the class's own record, or a heavier one made by a lighter
// lifter (a lighter class's record, a record of an earlier category system whose class fits inside, or a
// heavier lift at a national competition).
// Figures are copied as their sources publish them (kg, lb conversions included), never rounded.
import type { Sex } from './formulas.ts'

export type RecordSport = 'powerlifting' | 'weightlifting'
export type PowerliftingRecordLift = 'squat' | 'bench' | 'deadlift' | 'total'
export type WeightliftingRecordLift = 'snatch' | 'clean_and_jerk' | 'total'
export type RecordLift = PowerliftingRecordLift | WeightliftingRecordLift

/** Where a figure comes from: enough to find the list again and see what it said that day. */
export interface RecordSource {
  readonly publisher: string
  readonly title: string
  readonly url: string
  /** The date of the list (or of the report, for a single lift). */
  readonly asOf: string
}

/** One lift of one class: a published figure, or null where no source gave one (no check). */
type Kg = number | null
/** A powerlifting class's records in one equipment division, in the order [squat, bench, deadlift, total]. */
type Sbdt = readonly [squat: Kg, bench: Kg, deadlift: Kg, total: Kg]

export interface PowerliftingClassRecords {
  /** Upper bound of the class (bodyweight ≤ upTo kg); null for the open top class. */
  readonly upTo: number | null
  readonly raw: Sbdt
  readonly wraps: Sbdt
  readonly singlePly: Sbdt
  readonly multiPly: Sbdt
}

export interface WeightliftingClassRecords {
  /** Upper bound of the class (bodyweight ≤ upTo kg); null for the open top class. */
  readonly upTo: number | null
  readonly snatch: Kg
  readonly clean_and_jerk: Kg
  readonly total: Kg
}

/** One heavier lift made outside a table's classes (another equipment division, an earlier category system). */
export interface OtherLift {
  readonly sport: RecordSport
  readonly sex: Sex
  /** The heaviest bodyweight the lift may have been made at (its class's upper bound); null: any bodyweight. */
  readonly upTo: number | null
  readonly lift: RecordLift
  readonly kg: number
  /** Who, where and in which class, as the source reports it. */
  readonly what: string
  readonly source: RecordSource
}

/** Freezes a table and every table inside it. */
function frozen<T extends object>(table: T): T {
  for (const value of Object.values(table)) if (typeof value === 'object' && value !== null) frozen(value as object)
  return Object.freeze(table)
}

/**
 * Powerlifting: all-time bests of all federations in OpenPowerlifting's public-domain database (the data
 * behind https://www.openpowerlifting.org/records), per IPF bodyweight class assigned from the lifter's
 * weighed-in bodyweight, for each of the database's equipment divisions Raw, Wraps, Single-ply and
 * Multi-ply. Best of three attempts (no fourth attempts, as OpenPowerlifting ranks); squat, bench and
 * deadlift from any event that contests them (bench-only meets included), totals from full meets (SBD);
 * sanctioned meets only, doping disqualifications excluded. Snapshot of 2026-07-11 as reduced by the
 * liftmath project's tools/build_records.py (github.com/munzzyy/liftmath, src/liftmath/_records_data.py at
 * commit 14a0314a, scope "all-time", scheme "ipf"). All-federation bests rather than IPF records: a ceiling
 * must hold the heaviest lift made anywhere, equipped (single-/multi-ply) or classic (raw, wraps).
 * The database's fifth division, Unlimited (rubberized bench shirts), is not in that snapshot: see
 * OTHER_LIFTS for the one Unlimited lift above these figures that we could source.
 */
export const POWERLIFTING_RECORDS = frozen({
  sport: 'powerlifting' as const,
  source: {
    publisher: 'OpenPowerlifting',
    title: 'all-time bests of all federations per IPF class and equipment (liftmath build_records.py reduction)',
    url: 'https://www.openpowerlifting.org/records',
    asOf: '2026-07-11',
  } satisfies RecordSource,
  /** Short citation for messages. */
  citation: 'OpenPowerlifting all-federation records as of 2026-07-11',
  /** IPF classes: men 59 … 120, 120+; women 47 … 84, 84+. */
  classes: {
    M: [
      {
        upTo: 59,
        raw: [292.5, 210.5, 303, 670.5],
        wraps: [270, 157.5, 265, 650],
        singlePly: [300.5, 240, 295, 765],
        multiPly: [317.51, 226.8, 277.5, 680.39],
      },
      {
        upTo: 66,
        raw: [278, 222.5, 335, 782],
        wraps: [288.03, 192.5, 322, 732],
        singlePly: [326.5, 260, 318.5, 830],
        multiPly: [342.5, 228, 299.37, 765.5],
      },
      {
        upTo: 74,
        raw: [347.5, 250.5, 365, 891.5],
        wraps: [319.78, 206.38, 320, 796.05],
        singlePly: [370, 305, 365, 908],
        multiPly: [380, 290, 328.85, 927.6],
      },
      {
        upTo: 83,
        raw: [353, 247.5, 405, 915.5],
        wraps: [366, 237.5, 405, 930],
        singlePly: [396, 322.5, 363.76, 985],
        multiPly: [457.49, 355, 360.61, 1100],
      },
      {
        upTo: 93,
        raw: [365.5, 280, 413, 1022.5],
        wraps: [400.5, 260, 395, 997.5],
        singlePly: [422.52, 362.5, 390, 1131],
        multiPly: [486, 408.23, 390, 1192.95],
      },
      {
        upTo: 105,
        raw: [400, 287.5, 447.5, 1043.5],
        wraps: [420, 265, 440, 1070],
        singlePly: [467.2, 375, 410, 1130],
        multiPly: [510, 412.5, 387.5, 1231.5],
      },
      {
        upTo: 120,
        raw: [411, 305, 467.5, 1060.5],
        wraps: [453.59, 278.96, 435, 1120],
        singlePly: [487.5, 410, 420, 1156.66],
        multiPly: [544.99, 430.91, 412.77, 1260],
      },
      {
        upTo: null,
        raw: [490.5, 355, 487.5, 1155],
        wraps: [525, 306.17, 470, 1200],
        singlePly: [544.31, 508.02, 439.98, 1296],
        multiPly: [595, 500, 457.5, 1407.5],
      },
    ],
    F: [
      {
        upTo: 47,
        raw: [170.5, 135, 212.5, 453],
        wraps: [182.5, 102.06, 180, 427.5],
        singlePly: [210, 175, 195, 500],
        multiPly: [185, 142.88, 176.9, 494.42],
      },
      {
        upTo: 52,
        raw: [182.5, 135, 220.5, 486.5],
        wraps: [202.5, 105, 210.5, 510],
        singlePly: [232.5, 200, 208.65, 563],
        multiPly: [255, 155, 203, 613],
      },
      {
        upTo: 57,
        raw: [220, 142, 238, 552.5],
        wraps: [260, 132.5, 240, 612.5],
        singlePly: [240, 195, 295, 575.5],
        multiPly: [280, 160, 212.5, 605.5],
      },
      {
        upTo: 63,
        raw: [230, 145, 241.5, 582.5],
        wraps: [255, 135, 242.67, 591.5],
        singlePly: [262.5, 185, 245.5, 657.5],
        multiPly: [320, 182.5, 242.67, 727.5],
      },
      {
        upTo: 69,
        raw: [227, 158, 260, 628],
        wraps: [263, 151.95, 255.5, 650.91],
        singlePly: [261, 190, 260, 660],
        multiPly: [320, 207, 250.5, 719.5],
      },
      {
        upTo: 76,
        raw: [282.5, 163.29, 280, 720],
        wraps: [310, 160, 291.5, 725],
        singlePly: [280.5, 205, 265, 726],
        multiPly: [353.8, 242.67, 274.42, 823.27],
      },
      {
        upTo: 84,
        raw: [290, 172.5, 282.5, 720],
        wraps: [311, 170, 291, 737.5],
        singlePly: [286, 229, 260, 722.5],
        multiPly: [365, 244.94, 282.5, 885],
      },
      {
        upTo: null,
        raw: [321.5, 207.5, 297.5, 759],
        wraps: [320, 200, 290.5, 775],
        singlePly: [335, 255, 273.97, 793],
        multiPly: [432.5, 272.5, 315, 932.5],
      },
    ],
  } satisfies Record<Sex, readonly PowerliftingClassRecords[]>,
})

/**
 * Weightlifting: the IWF's senior world records for the bodyweight categories in force since June 2025
 * (men 60 … 110, +110; women 48 … 86, +86), as its world-records page lists them, World Standards
 * (targets the IWF set for the new categories, shown where no lift has beaten them yet) included:
 * https://iwf.sport/results/world-records/?ranking_curprog=current&ranking_agegroup=Senior&ranking_gender=m
 * (and …=w), read on 2026-06-13 (copy: github.com/meetcal/meetcal-backend,
 * scrapers/iwf/world-records/world_records_latest.csv at commit 13ee5c40). These categories are young,
 * and records of the earlier category systems (1998–2018, 2018–2025) are heavier in several of them:
 * OTHER_LIFTS holds those we could source; see the notes for the ones we could not.
 */
export const WEIGHTLIFTING_RECORDS = frozen({
  sport: 'weightlifting' as const,
  source: {
    publisher: 'International Weightlifting Federation (IWF)',
    title: 'World Records, senior, current bodyweight categories (World Standards included)',
    url: 'https://iwf.sport/results/world-records/?ranking_curprog=current&ranking_agegroup=Senior',
    asOf: '2026-06-13',
  } satisfies RecordSource,
  citation: 'IWF world records as of 2026-06-13',
  classes: {
    M: [
      { upTo: 60, snatch: 141, clean_and_jerk: 174, total: 307 },
      { upTo: 65, snatch: 148, clean_and_jerk: 183, total: 329 },
      { upTo: 71, snatch: 160, clean_and_jerk: 197, total: 351 },
      { upTo: 79, snatch: 166, clean_and_jerk: 206, total: 365 },
      { upTo: 88, snatch: 182, clean_and_jerk: 220, total: 397 },
      { upTo: 94, snatch: 182, clean_and_jerk: 222, total: 396 },
      { upTo: 110, snatch: 196, clean_and_jerk: 237, total: 428 },
      { upTo: null, snatch: 218, clean_and_jerk: 261, total: 477 },
    ],
    F: [
      { upTo: 48, snatch: 93, clean_and_jerk: 122, total: 213 },
      { upTo: 53, snatch: 99, clean_and_jerk: 126, total: 223 },
      { upTo: 58, snatch: 105, clean_and_jerk: 132, total: 236 },
      { upTo: 63, snatch: 112, clean_and_jerk: 143, total: 254 },
      { upTo: 69, snatch: 120, clean_and_jerk: 151, total: 270 },
      { upTo: 77, snatch: 123, clean_and_jerk: 155, total: 278 },
      { upTo: 86, snatch: 129, clean_and_jerk: 162, total: 289 },
      { upTo: null, snatch: 145, clean_and_jerk: 181, total: 325 },
    ],
  } satisfies Record<Sex, readonly WeightliftingClassRecords[]>,
})

const REUTERS_NASAR: RecordSource = {
  publisher: 'Reuters',
  title: "(in The Business Standard) Bulgaria's Nasar takes men's 89kg gold with world record lift",
  url: 'https://www.tbsnews.net/sports/bulgarias-nasar-takes-mens-89kg-gold-world-record-lift-913066',
  asOf: '2024-08-09',
}
const BARBEND_DJURAEV: RecordSource = {
  publisher: 'BarBend',
  title:
    '(reposted at fir-dee.blogspot.com) Olympic Champion Akbar Djuraev (109KG) Logs 245-Kilogram Clean & Jerk for Unofficial World Record',
  url: 'http://fir-dee.blogspot.com/2022/05/olympic-champion-akbar-djuraev-109kg.html',
  asOf: '2022-05',
}
const AGENDA_TALAKHADZE: RecordSource = {
  publisher: 'Agenda.ge',
  title: 'Lasha Talakhadze breaks own records, earns Weightlifting World Champion title in Tashkent',
  url: 'https://agenda.ge/en/news/2021/3977',
  asOf: '2021-12-17',
}
const IWF_KASHIRINA: RecordSource = {
  publisher: 'International Weightlifting Federation (IWF)',
  title: 'Superheavyweights and records (2014 World Championships, Almaty)',
  url: 'https://iwf.sport/2014/11/17/14423/',
  asOf: '2014-11-17',
}
const XINHUA_CHEN_LIJUN: RecordSource = {
  publisher: 'Xinhua',
  title: '(in China Daily) Chen Lijun of China breaks two weightlifting world records',
  url: 'http://europe.chinadaily.com.cn/sports/2015-11/24/content_22513681.htm',
  asOf: '2015-11-24',
}
const XINHUA_LIAO_HUI: RecordSource = {
  publisher: 'Xinhua',
  title: '(in China Daily) Liao Hui breaks weightlifting world records',
  url: 'http://www.chinadaily.com.cn/photo/2010-09/22/content_11337474.htm',
  asOf: '2010-09-22',
}
const THEBRIDGE_RECORDS: RecordSource = {
  publisher: 'The Bridge',
  title: 'Weightlifting: Indian Record vs World Record vs Olympics Record',
  url: 'https://thebridge.in/weightlifting/weightlifting-indian-record-world-record-olympics-record-22168',
  asOf: '2021-06',
}
const SHREDDED_AWC_2020: RecordSource = {
  publisher: 'Shredded Figure',
  title: '2020 Asian Weightlifting Championships World Records',
  url: 'https://shreddedfigure.com/weight-lifting/2020-asian-weightlifting-championships-world-records/',
  asOf: '2021-04',
}
const REUTERS_DJURAEV: RecordSource = {
  publisher: 'Reuters',
  title: "(in National Post) Olympics-Weightlifting-Djuraev beat Armenia's record holder to win men's 109kg",
  url: 'https://nationalpost.com/pmn/sports-pmn/olympics-weightlifting-djuraev-beat-armenias-record-holder-to-win-mens-109kg',
  asOf: '2021-08-03',
}
const BARBEND_KOLB: RecordSource = {
  publisher: 'myfittoday.com',
  title: 'Jimmy Kolb breaks all-time world record with 635.4-kilogram (1,401-pound) bench press',
  url: 'https://myfittoday.com/jimmy-kolb-breaks-all-time-world-record-with-635-4-kilogram-1401-pound-bench-press-heaviest-lift-in-powerlifting-history',
  asOf: '2023-07-29',
}

const XINHUA_YANG_LIAN: RecordSource = {
  publisher: 'Xinhua',
  title: '(in china.org.cn) Yang Lian Breaks Records at Weightlifting Worlds',
  url: 'http://english.china.org.cn/sports/news/2006-10/02/content_1182896.htm',
  asOf: '2006-10-02',
}
const IWF_NATIONAL_GAMES_2009: RecordSource = {
  publisher: 'International Weightlifting Federation (IWF)',
  title: "China's weightlifters outshone world records in 48 kg and 53 kg category at the National Games",
  url: 'https://iwf.sport/2009/10/20/chinas-weightlifters-outshone-world-records-in-48-kg-and-53-kg-category-at-the-national-games/',
  asOf: '2009-10-20',
}
const IWF_ALMATY_DAY_3: RecordSource = {
  publisher: 'International Weightlifting Federation (IWF)',
  title: 'World Records day – 2 needed for the Gold (2014 World Championships, Almaty)',
  url: 'https://iwf.sport/2014/11/10/world-records-day-2-needed-for-the-gold/',
  asOf: '2014-11-10',
}
const IWF_TSARUKAEVA: RecordSource = {
  publisher: 'International Weightlifting Federation (IWF)',
  title: '2011 Best Lifter of the Year, Svetlana Tsarukaeva',
  url: 'https://iwf.sport/2012/02/14/iwf-best-lifter-2011-svetlana-tsarukaeva/',
  asOf: '2012-02-14',
}
const IWF_DENG_WEI: RecordSource = {
  publisher: 'International Weightlifting Federation (IWF)',
  title: 'Two golds for China, two world records for Deng',
  url: 'https://iwf.sport/2016/08/10/two-golds-for-china-two-world-records-for-deng/',
  asOf: '2016-08-10',
}
const IWF_LIU_CHUNHONG: RecordSource = {
  publisher: 'International Weightlifting Federation (IWF)',
  title: "Liu's impressive performance resulted five new world records",
  url: 'https://iwf.sport/2008/08/13/lius-impressive-performance-resulted-five-new-world-records/',
  asOf: '2008-08-13',
}
const IWF_PODOBEDOVA: RecordSource = {
  publisher: 'International Weightlifting Federation (IWF)',
  title: 'Kazakh-Russian Podium (2010 World Championships, women 75 kg)',
  url: 'https://iwf.sport/2010/09/24/kazakh-russian-podium/',
  asOf: '2010-09-24',
}
const TENGRI_PODOBEDOVA: RecordSource = {
  publisher: 'Tengrinews',
  title: 'Podobedova set new weight-lifting world record',
  url: 'https://en.tengrinews.kz/sport/Podobedova-set-new-weight-lifting-world-record-4602/',
  asOf: '2011-09-21',
}
const MALTA_PARIS_2011: RecordSource = {
  publisher: 'Malta Weightlifting Association',
  title: 'WWC Paris 2011',
  url: 'https://weightliftingmalta.com/wwc-paris-2011/',
  asOf: '2011-11',
}
const AFP_KIM_UN_GUK: RecordSource = {
  publisher: 'AFP',
  title: '(in The Express Tribune) Triple-record burst for Kim Un-Guk',
  url: 'https://tribune.com.pk/story/765417/triple-record-burst-for-kim-un-guk',
  asOf: '2014-09-21',
}
const NBC_RIO_77: RecordSource = {
  publisher: 'NBC Sports',
  title: "Two world records broken as Kazakhstan's Rahimov takes weightlifting gold",
  url: 'https://olympics.nbcsports.com/2016/08/10/two-world-records-broken-as-kazakhstans-nijat-rahimov-takes-weightlifting-gold/',
  asOf: '2016-08-10',
}
const MACKLEM_RYBAKOU: RecordSource = {
  publisher: 'Rob Macklem (weightlifting photographer, at the event)',
  title: 'Andrei Rybakou is entered at 2011 World weightlifting Championship',
  url: 'http://www.robmacklem.com/tag/rybakou/',
  asOf: '2011',
}
const TENGRI_ILYIN: RecordSource = {
  publisher: 'Tengrinews',
  title: 'Ilya Ilyin wins gold at IV Weightlifting Spartakiad of Kazakhstan',
  url: 'https://en.tengrinews.kz/sport/Ilya-Ilyin-wins-gold-at-IV-Weightlifting-Spartakiad-of-262485/',
  asOf: '2015-10-13',
}
const GERAKLION_ILYIN: RecordSource = {
  publisher: 'Geraklion Foundation',
  title: "Ильин вновь установил мировой рекорд (2015 Russian President's Cup, Grozny)",
  url: 'http://geraklion.ru/news2/item/13705-ilin-vnov-ustanovil-mirovoj-rekord',
  asOf: '2015-12-14',
}
const MADEMAN_ARAMNAU: RecordSource = {
  publisher: 'Made Man',
  title: 'Olympic Weightlifting Records',
  url: 'http://www.mademan.com/mm/olympic-weightlifting-records.html',
  asOf: '2008',
}

/**
 * Lifts above the tables' figures made where the tables do not look: each counts for every class whose
 * upper bound is at least the lift's `upTo` (its lifter weighed no more), so it can only raise a ceiling.
 */
export const OTHER_LIFTS: readonly OtherLift[] = frozen([
  // Powerlifting, Unlimited equipment (outside the snapshot's four divisions). The report gives the lift as
  // 635.4 kg and, further down, 635.5 kg (1,401 lb = 635.48 kg): the higher, so the real lift passes.
  {
    sport: 'powerlifting',
    sex: 'M',
    upTo: null,
    lift: 'bench',
    kg: 635.5,
    what: 'Jimmy Kolb, IPA Tri-Star Bash 2023, 140+ kg, Unlimited',
    source: BARBEND_KOLB,
  },
  // Weightlifting, categories of 2018–2025.
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 73,
    lift: 'snatch',
    kg: 169,
    what: 'Shi Zhiyong, 2020 Asian Championships (2021), 73 kg (2018–2025 categories)',
    source: SHREDDED_AWC_2020,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 89,
    lift: 'snatch',
    kg: 182,
    what: 'Yeison López, 2024 IWF World Cup, 89 kg (2018–2025 categories)',
    source: REUTERS_NASAR,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 89,
    lift: 'clean_and_jerk',
    kg: 224,
    what: 'Karlos Nasar, Paris 2024, 89 kg (2018–2025 categories)',
    source: REUTERS_NASAR,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 89,
    lift: 'total',
    kg: 404,
    what: 'Karlos Nasar, Paris 2024, 89 kg (2018–2025 categories)',
    source: REUTERS_NASAR,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 109,
    lift: 'clean_and_jerk',
    kg: 241,
    what: 'Ruslan Nurudinov, 2021 World Championships, 109 kg (2018–2025 categories)',
    source: BARBEND_DJURAEV,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 109,
    lift: 'total',
    kg: 435,
    what: 'Simon Martirosyan, 2018 World Championships, 109 kg (2018–2025 categories)',
    source: REUTERS_DJURAEV,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: null,
    lift: 'snatch',
    kg: 225,
    what: 'Lasha Talakhadze, 2021 World Championships, +109 kg (2018–2025 categories)',
    source: AGENDA_TALAKHADZE,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: null,
    lift: 'clean_and_jerk',
    kg: 267,
    what: 'Lasha Talakhadze, 2021 World Championships, +109 kg (2018–2025 categories)',
    source: AGENDA_TALAKHADZE,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: null,
    lift: 'total',
    kg: 492,
    what: 'Lasha Talakhadze, 2021 World Championships, +109 kg (2018–2025 categories)',
    source: AGENDA_TALAKHADZE,
  },
  // Weightlifting, categories of 1998–2018 (and earlier), and heavier lifts at national games that the IWF
  // reported but does not count as records (they were still made in competition).
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 62,
    lift: 'snatch',
    kg: 154,
    what: 'Kim Un-guk, 2014 Asian Games, 62 kg (1998–2018 categories)',
    source: AFP_KIM_UN_GUK,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 77,
    lift: 'snatch',
    kg: 177,
    what: 'Lu Xiaojun, Rio 2016, 77 kg (1998–2018 categories)',
    source: NBC_RIO_77,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 77,
    lift: 'clean_and_jerk',
    kg: 214,
    what: 'Nijat Rahimov, Rio 2016, 77 kg (1998–2018 categories)',
    source: NBC_RIO_77,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 85,
    lift: 'snatch',
    kg: 187,
    what: 'Andrei Rybakou, 2007 World Championships, 85 kg (1998–2018 categories)',
    source: MACKLEM_RYBAKOU,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 94,
    lift: 'clean_and_jerk',
    kg: 233,
    what: 'Ilya Ilyin, 94 kg (1998–2018 categories)',
    source: TENGRI_ILYIN,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 94,
    lift: 'total',
    kg: 418,
    what: 'Ilya Ilyin, 94 kg (1998–2018 categories)',
    source: TENGRI_ILYIN,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 105,
    lift: 'snatch',
    kg: 200,
    what: 'Andrei Aramnau, Beijing 2008, 105 kg (1998–2018 categories)',
    source: MADEMAN_ARAMNAU,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 105,
    lift: 'clean_and_jerk',
    kg: 246,
    what: "Ilya Ilyin, 2015 Russian President's Cup, 105 kg (1998–2018 categories)",
    source: GERAKLION_ILYIN,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 105,
    lift: 'total',
    kg: 437,
    what: "Ilya Ilyin, 2015 Russian President's Cup, 105 kg (1998–2018 categories)",
    source: GERAKLION_ILYIN,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 48,
    lift: 'total',
    kg: 217,
    what: 'Yang Lian, 2006 World Championships, 48 kg (1998–2018 categories)',
    source: XINHUA_YANG_LIAN,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 48,
    lift: 'snatch',
    kg: 99,
    what: 'Wang Mingjuan, 2009 Chinese National Games, 48 kg',
    source: IWF_NATIONAL_GAMES_2009,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 48,
    lift: 'total',
    kg: 220,
    what: 'Wang Mingjuan, 2009 Chinese National Games, 48 kg',
    source: IWF_NATIONAL_GAMES_2009,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 53,
    lift: 'snatch',
    kg: 103,
    what: 'Li Ping, 2009 Chinese National Games, 53 kg',
    source: IWF_NATIONAL_GAMES_2009,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 53,
    lift: 'clean_and_jerk',
    kg: 132,
    what: 'Li Ping, 2009 Chinese National Games, 53 kg',
    source: IWF_NATIONAL_GAMES_2009,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 53,
    lift: 'total',
    kg: 235,
    what: 'Li Ping, 2009 Chinese National Games, 53 kg',
    source: IWF_NATIONAL_GAMES_2009,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 53,
    lift: 'clean_and_jerk',
    kg: 134,
    what: 'Zulfiya Chinshanlo, 2014 World Championships, 53 kg (1998–2018 categories)',
    source: IWF_ALMATY_DAY_3,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 53,
    lift: 'total',
    kg: 233,
    what: 'Hsu Shu-ching, 2014 Asian Games, 53 kg (1998–2018 categories)',
    source: IWF_ALMATY_DAY_3,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 63,
    lift: 'snatch',
    kg: 117,
    what: 'Svetlana Tsarukaeva, 2011 World Championships, 63 kg (1998–2018 categories)',
    source: IWF_TSARUKAEVA,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 63,
    lift: 'clean_and_jerk',
    kg: 147,
    what: 'Deng Wei, Rio 2016, 63 kg (1998–2018 categories)',
    source: IWF_DENG_WEI,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 63,
    lift: 'total',
    kg: 262,
    what: 'Deng Wei, Rio 2016, 63 kg (1998–2018 categories)',
    source: IWF_DENG_WEI,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 69,
    lift: 'snatch',
    kg: 128,
    what: 'Liu Chunhong, Beijing 2008, 69 kg (1998–2018 categories)',
    source: IWF_LIU_CHUNHONG,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 69,
    lift: 'clean_and_jerk',
    kg: 158,
    what: 'Liu Chunhong, Beijing 2008, 69 kg (1998–2018 categories)',
    source: IWF_LIU_CHUNHONG,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 69,
    lift: 'total',
    kg: 286,
    what: 'Liu Chunhong, Beijing 2008, 69 kg (1998–2018 categories)',
    source: IWF_LIU_CHUNHONG,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 75,
    lift: 'total',
    kg: 295,
    what: 'Svetlana Podobedova, 2010 World Championships, 75 kg (1998–2018 categories)',
    source: IWF_PODOBEDOVA,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 75,
    lift: 'clean_and_jerk',
    kg: 163,
    what: 'Nadezda Evstyukhina, 2011 World Championships, 75 kg (1998–2018 categories)',
    source: MALTA_PARIS_2011,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 75,
    lift: 'snatch',
    kg: 132,
    what: 'Svetlana Podobedova, 2011 Kazakhstan Spartakiad, 75 kg',
    source: TENGRI_PODOBEDOVA,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 75,
    lift: 'clean_and_jerk',
    kg: 165,
    what: 'Svetlana Podobedova, 2011 Kazakhstan Spartakiad, 75 kg',
    source: TENGRI_PODOBEDOVA,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: 75,
    lift: 'total',
    kg: 297,
    what: 'Svetlana Podobedova, 2011 Kazakhstan Spartakiad, 75 kg',
    source: TENGRI_PODOBEDOVA,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 62,
    lift: 'total',
    kg: 333,
    what: 'Chen Lijun, 2015 World Championships, 62 kg (1998–2018 categories)',
    source: XINHUA_CHEN_LIJUN,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 69,
    lift: 'clean_and_jerk',
    kg: 198,
    what: 'Liao Hui, 2010 World Championships, 69 kg (1998–2018 categories)',
    source: XINHUA_LIAO_HUI,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 69,
    lift: 'total',
    kg: 359,
    what: 'Liao Hui, 2014 World Championships, 69 kg (1998–2018 categories)',
    source: THEBRIDGE_RECORDS,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 77,
    lift: 'total',
    kg: 380,
    what: 'Lu Xiaojun, 2013 World Championships, 77 kg (1998–2018 categories)',
    source: THEBRIDGE_RECORDS,
  },
  {
    sport: 'weightlifting',
    sex: 'M',
    upTo: 110,
    lift: 'clean_and_jerk',
    kg: 250.5,
    what: 'Yuri Zakharevich, April 1988, 110 kg (categories of that time)',
    source: BARBEND_DJURAEV,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: null,
    lift: 'snatch',
    kg: 155,
    what: 'Tatiana Kashirina, 2014 World Championships, +75 kg (1998–2018 categories)',
    source: IWF_KASHIRINA,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: null,
    lift: 'clean_and_jerk',
    kg: 193,
    what: 'Tatiana Kashirina, 2014 World Championships, +75 kg (1998–2018 categories)',
    source: IWF_KASHIRINA,
  },
  {
    sport: 'weightlifting',
    sex: 'F',
    upTo: null,
    lift: 'total',
    kg: 348,
    what: 'Tatiana Kashirina, 2014 World Championships, +75 kg (1998–2018 categories)',
    source: IWF_KASHIRINA,
  },
] satisfies OtherLift[])

const POWERLIFTING_INDEX: Record<PowerliftingRecordLift, 0 | 1 | 2 | 3> = { squat: 0, bench: 1, deadlift: 2, total: 3 }
const EQUIPMENT = ['raw', 'wraps', 'singlePly', 'multiPly'] as const
const EQUIPMENT_NAMES: Record<(typeof EQUIPMENT)[number], string> = {
  raw: 'raw',
  wraps: 'wraps',
  singlePly: 'single-ply',
  multiPly: 'multi-ply',
}

/** The lifts each sport keeps records of. */
export const RECORD_LIFTS: Readonly<Record<RecordSport, readonly RecordLift[]>> = frozen({
  powerlifting: ['squat', 'bench', 'deadlift', 'total'],
  weightlifting: ['snatch', 'clean_and_jerk', 'total'],
})

/** A record class's upper bounds in kg, lightest first; the last (open) is null. */
export function recordClassBounds(sport: RecordSport, sex: Sex): readonly (number | null)[] {
  const table = sport === 'powerlifting' ? POWERLIFTING_RECORDS : WEIGHTLIFTING_RECORDS
  return table.classes[sex].map((row) => row.upTo)
}

/**
 * The record class of `sex` holding a bodyweight of `kg` (the first whose upper bound it does not
 * exceed; the open class above the last bound): its index in the table. Infinity gives the open class.
 */
export function recordClassIndex(sport: RecordSport, sex: Sex, kg: number): number {
  const bounds = recordClassBounds(sport, sex)
  const index = bounds.findIndex((upTo) => upTo === null || kg <= upTo)
  return index === -1 ? bounds.length - 1 : index
}

/** One ceiling and where it comes from. */
export interface WorldRecord {
  readonly sport: RecordSport
  readonly sex: Sex
  readonly lift: RecordLift
  /** The record class: bodyweights over `over` (null: from 0) up to `upTo` kg (null: no upper bound). */
  readonly over: number | null
  readonly upTo: number | null
  readonly kg: number
  /** Which lift the figure is: its division or holder, and the class it was made in when that is lighter. */
  readonly what: string
  readonly source: RecordSource
  /** Short citation for a sentence: publisher and date of the list. */
  readonly citation: string
}

/** Candidates for one class's ceiling: every figure made at a bodyweight the class allows. */
function candidates(sport: RecordSport, sex: Sex, lift: RecordLift, index: number): WorldRecord[] {
  const bounds = recordClassBounds(sport, sex)
  const upTo = bounds[index] ?? null
  const over = index > 0 ? (bounds[index - 1] ?? null) : null
  const fits = (bound: number | null) => upTo === null || (bound !== null && bound <= upTo)
  const className = (bound: number | null) => (bound === null ? `over ${String(bounds[bounds.length - 2])} kg` : `up to ${bound} kg`)
  const found: WorldRecord[] = []
  const add = (kg: Kg, what: string, source: RecordSource, citation: string) => {
    if (kg !== null) found.push({ sport, sex, lift, over, upTo, kg, what, source, citation })
  }
  if (sport === 'powerlifting') {
    if (!(RECORD_LIFTS.powerlifting as readonly string[]).includes(lift)) return []
    const i = POWERLIFTING_INDEX[lift as PowerliftingRecordLift]
    for (const row of POWERLIFTING_RECORDS.classes[sex].slice(0, index + 1)) {
      for (const equipment of EQUIPMENT) {
        add(
          row[equipment][i] ?? null,
          `all-time best, ${EQUIPMENT_NAMES[equipment]}, class ${className(row.upTo)}`,
          POWERLIFTING_RECORDS.source,
          POWERLIFTING_RECORDS.citation,
        )
      }
    }
  } else {
    if (!(RECORD_LIFTS.weightlifting as readonly string[]).includes(lift)) return []
    for (const row of WEIGHTLIFTING_RECORDS.classes[sex].slice(0, index + 1)) {
      add(
        row[lift as WeightliftingRecordLift],
        `IWF world record, category ${className(row.upTo)}`,
        WEIGHTLIFTING_RECORDS.source,
        WEIGHTLIFTING_RECORDS.citation,
      )
    }
  }
  for (const other of OTHER_LIFTS) {
    if (other.sport === sport && other.sex === sex && other.lift === lift && fits(other.upTo)) {
      add(other.kg, other.what, other.source, `${other.what}, per ${other.source.publisher} ${other.source.asOf}`)
    }
  }
  return found
}

/**
 * The ceiling of `lift` for the record class at `index` of `sex`'s table (recordClassIndex): the heaviest
 * figure made at a bodyweight that class allows. Null when no source gave one (no check).
 */
export function worldRecordAt(sport: RecordSport, sex: Sex, lift: RecordLift, index: number): WorldRecord | null {
  let best: WorldRecord | null = null
  for (const record of candidates(sport, sex, lift, index)) if (best === null || record.kg > best.kg) best = record
  return best
}

/** The ceiling of `lift` for a lifter of `sex` weighing `bodyweight` kg (Infinity: the open class). */
export function worldRecord(sport: RecordSport, sex: Sex, lift: RecordLift, bodyweight: number): WorldRecord | null {
  return worldRecordAt(sport, sex, lift, recordClassIndex(sport, sex, bodyweight))
}
