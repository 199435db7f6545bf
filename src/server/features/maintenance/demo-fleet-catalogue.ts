/*
 * The demo fleet's makings: a seeded random source, day arithmetic, and the catalogue of device
 * models, component types (with the Weibull each type's lives are drawn from), maintenance tasks
 * and write-ups that generateFleet (demo-fleet.ts) draws from.
 */

// ---------------------------------------------------------------------------------------------
// Randomness

export type Random = () => number;

/** Mulberry32: small, fast and the same on every platform. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A Weibull life by inverse CDF: F(t) = 1 − exp(−(t/η)^β), so t = η(−ln(1 − u))^(1/β). */
export const weibullLife = (random: Random, shape: number, scale: number) =>
  scale * (-Math.log(1 - random())) ** (1 / shape);

export const between = (random: Random, min: number, max: number) => min + random() * (max - min);
export const integer = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
export const pick = <T>(random: Random, list: readonly T[]) =>
  list[Math.floor(random() * list.length)]!;
/** Median `median`, spread `sigma` on the log scale (Box–Muller). */
export const logNormal = (random: Random, median: number, sigma: number) => {
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  return median * Math.exp(sigma * radius * Math.cos(2 * Math.PI * random()));
};

/** A version-4 UUID drawn from the generator, so the rows are the same for a seed. */
export function uuidFrom(random: Random): string {
  const hex = Array.from({ length: 4 }, () =>
    Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0'),
  ).join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Time: `t` is a day number since 1970-01-01 UTC, the time of day its fraction

const DAY_MS = 86_400_000;
export const MINUTE = 1 / 1440;
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
/** Timestamps are kept to the minute. */
export const instantOf = (t: number) => new Date(Math.round(t * 1440) * 60_000);
export const dateOf = (t: number) => instantOf(t).toISOString().slice(0, 10);
export const clock = (t: number) => instantOf(t).toISOString().slice(11, 16);
export const weekday = (t: number) => new Date(Math.floor(t) * DAY_MS).getUTCDay();
export const holiday = (t: number) => ['12-25', '01-01'].includes(dateOf(t).slice(5));

// ---------------------------------------------------------------------------------------------
// The catalogue

export type Kind = 'ffs' | 'ftd' | 'aircraft';
const KINDS: Kind[] = ['ffs', 'ftd', 'aircraft'];
export const cells = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()));

export interface ComponentType {
  name: string;
  ata: string;
  partNumber: string;
  /** The truth: Weibull shape β and scale η in days in service. */
  shape: number;
  scale: number;
  /** Units of this type on one device of each kind, [min, max]; absent: not on that kind. */
  positions: Partial<Record<Kind, [number, number]>>;
  /** Replaced on schedule at this age in days, if still working (censoring). */
  scheduledAt: number | null;
  /** Share of failures that take the device down; the others restrict training. */
  downShare: number;
  lifeLimitHours: number | null;
  /** The preflight checklist item it belongs to. */
  item: string;
  failures: string[];
  minor: string;
}

// name | ATA | part number | β | η days | units on an FFS, FTD, aircraft | scheduled removal
// (days) | share down | life limit (h) | preflight item | failure write-ups (;) | a minor write-up
export const TYPES: ComponentType[] = cells(`
Visual projector lamp         |34|VPL-330   |2.4| 150|3-5|1-3|   |200|0.15|4000|Visual system               |Projector lamp failed, channel dark; Projector lamp flickering, channel dim|Slight colour shift on one visual channel
Image generator graphics card |34|IG-GPU-7  |0.9| 700|2-3|1-2|   |   |0.7 |    |Visual system               |Visual scene froze; Image generator channel lost, black screen|Frame stutter over dense terrain
Motion actuator               |27|MA-6DOF-2 |3.0| 700|6-6|   |   |   |0.8 |    |Motion system               |Motion actuator fault, motion frozen; Motion shut down on actuator overtravel|Light knock felt on the touchdown cue
Control loading servo         |27|CLS-400   |1.7| 650|3-4|2-3|   |   |0.6 |    |Control loading             |Control loading fault, column force lost; Rudder pedals jerk, servo fault|Column slightly heavy in pitch
IOS touchscreen               |31|IOS-TS-24 |1.2| 500|2-2|1-2|   |   |0.2 |    |Instructor operating station|IOS touchscreen unresponsive; IOS screen blank|IOS touch calibration off in one corner
Cockpit display unit          |31|CDU-8X10  |1.4| 900|4-6|3-5|   |   |0.3 |    |Cockpit displays            |Cockpit display blank; Display unit flickers and resets|Display backlight uneven
Power supply unit             |24|PSU-28V-40|1.3| 800|3-4|2-3|   |   |0.9 |    |Power and electrical        |Power supply tripped, cockpit dark; Power supply fault, rack shut down|Power supply fan noisy
Cockpit air conditioning unit |21|ACU-12K   |2.0| 420|1-2|1-1|   |540|0.5 |    |Air conditioning            |Cockpit too hot, air conditioning failed; Air conditioning unit tripped|Cockpit slightly warm in the afternoon
Audio and intercom amplifier  |23|AIA-2     |1.1|1100|1-2|1-1|   |   |0.4 |    |Sound and communications    |Intercom dead; No engine sound, amplifier fault|Hum on the observer headset
Vacuum pump                   |37|211CC     |1.5| 420|   |   |1-1|   |1   |1000|Vacuum system               |Vacuum pump failed, suction in the red|Suction at the low end of the green
Alternator                    |24|ALX-8521  |1.3| 600|   |   |1-1|   |1   |    |Electrical                  |Alternator failed, low-voltage light on|Ammeter needle flickers
Magneto                       |74|4371      |1.8| 700|   |   |2-2|500|1   |    |Engine and propeller        |Magneto drop out of limits on run-up|Magneto drop at the upper limit
Landing light                 |33|LL-4509   |1.0| 150|   |   |1-2|   |0.3 |    |Lights                      |Landing light out|Landing light aimed low
Main wheel tyre               |32|15x6.00-6 |3.2| 120|   |   |2-2|150|1   |    |Landing gear and tyres      |Main tyre worn to the cord; Main tyre flat spot after a hard stop|Tyre pressure low
Starter motor                 |80|SM-149    |1.6| 900|   |   |1-1|   |1   |    |Engine and propeller        |Starter does not engage|Starter slow to engage when cold
Com radio                     |23|GTR-225   |0.9|1200|   |   |1-2|   |0.5 |    |Instruments and avionics    |Com radio does not transmit|Com radio side tone weak
`).map(
  ([
    name,
    ata,
    part,
    shape,
    scale,
    ffs,
    ftd,
    aircraft,
    scheduled,
    down,
    limit,
    item,
    failures,
    minor,
  ]) => {
    const range = (cell: string) =>
      cell ? (cell.split('-').map(Number) as [number, number]) : null;
    const positions: ComponentType['positions'] = {};
    [ffs, ftd, aircraft].forEach((cell, i) => {
      if (range(cell!)) positions[KINDS[i]!] = range(cell!)!;
    });
    return {
      name: name!,
      ata: ata!,
      partNumber: part!,
      shape: Number(shape),
      scale: Number(scale),
      positions,
      scheduledAt: scheduled ? Number(scheduled) : null,
      downShare: Number(down),
      lifeLimitHours: limit ? Number(limit) : null,
      item: item!,
      failures: failures!.split(';').map((f) => f.trim()),
      minor: minor!,
    };
  },
);

/** Every type the generator knows, with the Weibull its lives are drawn from. */
export const DEMO_COMPONENT_TRUTH: Readonly<Record<string, { shape: number; scale: number }>> =
  Object.fromEntries(TYPES.map((t) => [t.name, { shape: t.shape, scale: t.scale }]));

// kind | model | qualification level | manufacturer | qualified for
export const MODELS = cells(`
ffs     |Boeing 737-800                         |Level D|CAE                       |B737 type rating, recurrent, LOFT, upset recovery
ffs     |Airbus A320                            |Level D|L3Harris                  |A320 type rating, recurrent, LOFT
ffs     |Cessna Citation CJ3 (CE-525B)          |Level D|FlightSafety International|CE-525S type rating, single-pilot recurrent
ffs     |Bombardier Challenger 605 (CL-600-2B16)|Level D|CAE                       |CL-65 type rating, recurrent
ffs     |Embraer Phenom 300 (EMB-505)           |Level C|FlightSafety International|EMB-505 type rating, recurrent
ftd     |Boeing 737-800                         |Level 6|CAE                       |B737 procedures and systems
ftd     |Airbus A320                            |Level 5|TRU Simulation + Training |A320 procedures, FMS
ftd     |Beechcraft King Air 350                |Level 6|FlightSafety International|BE-300 initial and recurrent
ftd     |Cessna 172S Skyhawk                    |Level 5|Frasca                    |Instrument rating procedures
aircraft|Cessna 172S Skyhawk                    |       |Textron Aviation          |Private and instrument training
aircraft|Cessna 172S Skyhawk                    |       |Textron Aviation          |Private and instrument training
aircraft|Piper PA-44-180 Seminole               |       |Piper Aircraft            |Multi-engine training
`);

// kind | title | inspection or scheduled | every n days | every n hours
export const MAINTENANCE = cells(`
ffs     |Quarterly FSTD inspection                 |inspection| 91|
ffs     |Recurrent evaluation preparation (part 60)|inspection|365|
ffs     |Visual alignment and colour calibration   |scheduled | 30|
ffs     |Motion actuator lubrication               |scheduled |   |1000
ffs     |Air conditioning filter change            |scheduled | 90|
ftd     |Quarterly FSTD inspection                 |inspection| 91|
ftd     |Recurrent evaluation preparation (part 60)|inspection|365|
ftd     |Visual alignment and colour calibration   |scheduled | 30|
aircraft|100-hour inspection                       |inspection|   |100
aircraft|Annual inspection                         |inspection|365|
aircraft|Oil change                                |scheduled |   |50
aircraft|ELT battery replacement                   |scheduled |730|
`);

// device kinds | component | ATA | write-up | corrective action (write-ups on no unit on file)
export const GENERAL_WRITEUPS = cells(`
ffs ftd |Cockpit dome light     |33|Dome light bulb out                        |Bulb replaced
ffs ftd |Captain seat           |25|Captain seat fore-aft adjustment stiff     |Seat track cleaned and lubricated
ffs ftd |IOS printer            |31|IOS printer jams on the debrief printout   |Rollers cleaned
ffs ftd |Headset                |23|Intercom crackle on headset 2              |Headset replaced
ffs ftd |Overhead panel lighting|33|Overhead panel backlight dim               |Dimmer adjusted
ffs ftd |                       |  |Lesson plan loaded the wrong weather preset|Lesson plan corrected
ffs ftd |                       |  |Debrief video not recorded                 |Recording disk cleared
ffs ftd |Visual database        |34|Runway edge lights missing at one airport  |Reported to the vendor; crews briefed
aircraft|Cabin door seal        |52|Cabin door seal worn, wind noise           |Seal replaced
aircraft|Left fuel gauge        |28|Left fuel gauge reads high                 |Gauge recalibrated
aircraft|Rocker cover gasket    |79|Oil seep at a rocker cover                 |Gasket replaced
aircraft|Seat belt              |25|Right seat belt webbing fraying            |Belt replaced
aircraft|                       |11|Placard missing on the fuel selector       |Placard installed
aircraft|Nose wheel             |32|Nose wheel shimmy on landing               |Shimmy damper serviced
`).map(([kinds, component, ata, text, fix]) => ({
  kinds: kinds!.split(' ') as Kind[],
  component: component || null,
  ata: ata || null,
  text: text!,
  fix: fix!,
}));

export const names = (text: string) => text.split(',').map((n) => n.trim());
export const INSTRUCTORS = names(`Avery Stone, Jordan Okafor, Riley Nakamura, Morgan Lindqvist,
  Casey Haddad, Priya Novak, Hiroshi Costa, Olga Dubois, Omar Bennett, Dana Whitaker, Mateo Alvarez,
  Sofia Marchetti, Lucas Brandt, Chloe Tanaka, Ivan Petrov, Samuel Osei, Grace Moreau, Mia Johansson`);
export const TECHNICIANS = names(
  'R. Alvarez (maintenance), K. Obi (maintenance), T. Lindgren (maintenance)',
);

export interface Profile {
  /** Preflight and session start times in hours UTC; a session's length in minutes. */
  preflightHour: number;
  slots: number[];
  minutes: number;
  trains: (day: number, random: Random) => boolean;
  lessons: string[];
  checklist: string[];
}
const SIMULATOR_CHECKS = names(`Visual system, Control loading, Instructor operating station,
  Cockpit displays, Sound and communications, Power and electrical, Air conditioning`);
export const PROFILES: Record<Kind, Profile> = {
  ffs: {
    preflightHour: 5.25,
    slots: [6, 10, 14, 18],
    minutes: 240,
    trains: (day, random) => !holiday(day) && random() > 0.03,
    lessons: names('LOFT, Maneuvers, Type rating, Recurrent, Checkride, Upset recovery'),
    checklist: [...SIMULATOR_CHECKS, 'Motion system', 'Emergency stop and interlocks'],
  },
  ftd: {
    preflightHour: 6.5,
    slots: [7, 10.5, 14, 17.5],
    minutes: 180,
    trains: (day, random) => weekday(day) !== 0 && !holiday(day) && random() > 0.03,
    lessons: names('Procedures, Systems, FMS, Instrument approaches'),
    checklist: SIMULATOR_CHECKS,
  },
  aircraft: {
    preflightHour: 7,
    slots: [8, 10.5, 13, 15.5],
    minutes: 120,
    // Weekdays, some lost to the weather.
    trains: (day, random) => weekday(day) % 6 !== 0 && !holiday(day) && random() > 0.12,
    lessons: names('Dual instruction, Stage check, Instrument training, Multi-engine training'),
    checklist: names(`Engine and propeller, Electrical, Instruments and avionics, Vacuum system,
      Lights, Landing gear and tyres, Fuel and oil`),
  },
};
