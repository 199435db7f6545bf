/**
 * The training records of `npm run bench:api`: a deterministic list shaped like a Part 142
 * centre's history. About 30% of trainees have several events (a course, its checks, then
 * recurrent training and proficiency checks); most events are completed, some pending (part of
 * them dated in the past, so overdue), some failed — a failed check followed by a completed retake
 * of the same type for the same trainee, or not. Most events carry the trainee's certificate
 * number; names come with varying case and whitespace, as typed by different people.
 *
 * The list for a larger size starts with the list of a smaller one, so a database can be grown
 * from one size to the next.
 */
import type { z } from 'zod';
import type { createTrainingEventRequest } from '../../src/shared/api/training-events';

export type EventInput = z.output<typeof createTrainingEventRequest>;

/** The name fragment searched for: part of a common surname, as a user types it. */
export const SEARCH_FRAGMENT = 'hernan';

const FIRST_NAMES = `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William
  Barbara Richard Susan Joseph Jessica Thomas Sarah Christopher Karen Daniel Lisa Matthew Nancy
  Anthony Betty Mark Sandra Donald Ashley Steven Emily Andrew Kimberly Paul Donna Joshua Michelle
  Kenneth Carol Kevin Amanda Brian Melissa Timothy Deborah Ronald Stephanie Jason Rebecca Jeffrey
  Laura Ryan Sharon Jacob Cynthia Gary Amy Nicholas Angela Eric Helen Jonathan Anna Larry Brenda
  Justin Pamela Scott Nicole Brandon Samantha Benjamin Katherine Samuel Christine Gregory Priya
  Jordan Dana Avery Morgan Casey Riley Mateo Sofia Lucas Chloe Hiroshi Aiko Omar Layla Ivan Olga`
  .split(/\s+/)
  .filter(Boolean);

const LAST_NAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez
  Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson
  White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres
  Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez
  Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook
  Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward
  Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez
  Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell
  Coleman Butler Henderson Barnes Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton
  Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina
  Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington
  Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter
  Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black
  Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson
  Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce
  Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane
  Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Pena Richards Contreras
  Willis Carpenter Lawrence Sandoval Okafor Nakamura Kowalski Lindqvist Haddad Novak Costa Dubois`
  .split(/\s+/)
  .filter(Boolean);

const COURSES = [
  'CE-560XL Initial Type Rating',
  'CE-560XL Recurrent',
  'B737-800 Initial Type Rating',
  'B737-800 Recurrent',
  'A320 Initial Type Rating',
  'A320 Recurrent',
  'CL-605 Initial Type Rating',
  'CL-605 Recurrent',
  'ERJ-145 Captain Upgrade',
  'King Air 350 Initial',
  'King Air 350 Recurrent',
  'G450 Initial Type Rating',
  'G450 Recurrent',
  'Instructor Initial Qualification',
];

const INSTRUCTORS = `Dana Reyes;Morgan Lee;Chris Novak;Pat Okafor;Alex Kim;Jamie Ortiz;Robin Chen;
  Taylor Brooks;Sam Patel;Jesse Moreno;Kim Lindqvist;Drew Haddad;Lee Castillo;Quinn Harris;
  Avery Stone;Reese Dubois;Cameron Ward;Jordan Fisher;Skyler Costa;Rowan Meyer`
  .split(';')
  .map((s) => s.trim());
const EVALUATORS = `Sam Ortiz;Helen Price;Victor Nakamura;Grace Kowalski;Marcus Webb;Elena Ruiz;
  Frank Holmes;Nadia Haddad`
  .split(';')
  .map((s) => s.trim());

/** Event types with their weight among one-off events, and whether each is a check. */
const EVENT_TYPES: { type: string; weight: number; check: boolean }[] = [
  { type: 'Recurrent Training', weight: 28, check: false },
  { type: 'Proficiency Check', weight: 24, check: true },
  { type: 'Initial Training', weight: 10, check: false },
  { type: 'Type Rating Practical Test', weight: 9, check: true },
  { type: 'Line Check', weight: 8, check: true },
  { type: 'Line Operational Simulation', weight: 7, check: false },
  { type: 'Differences Training', weight: 5, check: false },
  { type: 'Upgrade Training', weight: 4, check: false },
  { type: 'Requalification Training', weight: 3, check: false },
  { type: 'Instructor Standardization', weight: 2, check: false },
];
const IS_CHECK = new Map(EVENT_TYPES.map((e) => [e.type, e.check]));
/** A trainee's history: a course, its checks, then the recurring items. */
const CAREER = ['Initial Training', 'Type Rating Practical Test', 'Line Check'];
const RECURRING = ['Recurrent Training', 'Proficiency Check', 'Line Operational Simulation'];

const REMARKS = [
  'Repeated single-engine approach; satisfactory on second attempt.',
  'Crew resource management debrief held.',
  'Simulator motion inoperative for the last 20 minutes; no effect on the items graded.',
  'Additional training recommended on non-precision approaches.',
  'Records reviewed by the Director of Training.',
];

/** A small seeded generator (mulberry32): the same list on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    weighted: <T extends { weight: number }>(items: readonly T[]) => {
      let r = next() * items.reduce((n, i) => n + i.weight, 0);
      for (const item of items) if ((r -= item.weight) < 0) return item;
      return items[items.length - 1]!;
    },
  };
}
type Random = ReturnType<typeof generator>;

const DAY = 86_400_000;
const isoDaysFromToday = (days: number) =>
  new Date(Math.floor(Date.now() / DAY) * DAY + days * DAY).toISOString().slice(0, 10);

/** The name as one person typed it on one record. */
function writtenName(random: Random, name: string) {
  const roll = random.int(1, 100);
  if (roll <= 80) return name;
  if (roll <= 88) return name.toUpperCase();
  if (roll <= 93) return name.toLowerCase();
  if (roll <= 97) return `${name} `;
  return name.replace(' ', '  ');
}

interface Trainee {
  name: string;
  license: string | null;
  course: string;
}

function newTrainee(random: Random): Trainee {
  const middle = random.chance(0.3) ? ` ${String.fromCharCode(random.int(65, 90))}.` : '';
  const prefix = random.pick(['CPL', 'ATP', 'ATP', '']);
  const digits = String(random.int(1_000_000, 9_999_999));
  return {
    name: `${random.pick(FIRST_NAMES)}${middle} ${random.pick(LAST_NAMES)}`,
    license: random.chance(0.92) ? (prefix ? `${prefix}-${digits}` : digits) : null,
    course: random.pick(COURSES),
  };
}

function event(
  random: Random,
  trainee: Trainee,
  eventType: string,
  daysAgo: number,
  outcome: 'completed' | 'failed' | 'pending',
): EventInput {
  const check = IS_CHECK.get(eventType) ?? false;
  let license = trainee.license && random.chance(0.9) ? trainee.license : null;
  if (license && random.chance(0.03)) license = license.toLowerCase();
  return {
    studentName: writtenName(random, trainee.name),
    licenseNumber: license,
    course: random.chance(0.95) ? trainee.course : null,
    eventType,
    eventDate: isoDaysFromToday(-daysAgo),
    status: outcome,
    result:
      outcome === 'pending'
        ? null
        : outcome === 'failed'
          ? 'Unsatisfactory'
          : check
            ? 'Satisfactory'
            : 'Complete',
    instructor: random.chance(0.97) ? random.pick(INSTRUCTORS) : null,
    evaluator: check ? random.pick(EVALUATORS) : null,
    remarks: random.chance(0.08) ? random.pick(REMARKS) : null,
    sourceDocumentId: null,
  };
}

/** One trainee's events, oldest first. */
function historyOf(random: Random, trainee: Trainee): EventInput[] {
  const several = random.chance(0.3);
  const planned = several
    ? [...CAREER.slice(0, random.int(0, CAREER.length)), ...RECURRING].slice(0, random.int(2, 8))
    : [random.weighted(EVENT_TYPES).type];
  const events: EventInput[] = [];
  let daysAgo = several ? random.int(400, 1_100) : random.int(1, 1_000);
  for (const [i, eventType] of planned.entries()) {
    const last = i === planned.length - 1;
    if (daysAgo < 1 || (last && random.chance(0.06))) {
      // Scheduled (future) or overdue (past-dated) and still not done.
      const days = random.chance(0.5) ? -random.int(1, 90) : Math.max(daysAgo, random.int(1, 120));
      events.push(event(random, trainee, eventType, days, 'pending'));
      break;
    }
    const failed = random.chance(IS_CHECK.get(eventType) ? 0.12 : 0.02);
    events.push(event(random, trainee, eventType, daysAgo, failed ? 'failed' : 'completed'));
    if (failed && several && random.chance(0.65)) {
      const retake = daysAgo - random.int(3, 30);
      if (retake >= 1) events.push(event(random, trainee, eventType, retake, 'completed'));
    }
    daysAgo -= random.int(60, 365);
  }
  return events;
}

/** The first `count` events of the list, with the index of each event's trainee. */
export function trainingEventInputs(count: number, seed = 142) {
  const random = generator(seed);
  const events: EventInput[] = [];
  const traineeOf: number[] = [];
  for (let trainee = 0; events.length < count; trainee++) {
    for (const e of historyOf(random, newTrainee(random))) {
      events.push(e);
      traineeOf.push(trainee);
    }
  }
  return { events: events.slice(0, count), traineeOf: traineeOf.slice(0, count) };
}

/** Counts that describe a list: trainees, share with several events, statuses, licences. */
export function describeDataset({ events, traineeOf }: ReturnType<typeof trainingEventInputs>) {
  const perTrainee = new Map<number, number>();
  const statuses = { completed: 0, pending: 0, overdue: 0, failed: 0 };
  const today = isoDaysFromToday(0);
  let withLicense = 0;
  events.forEach((e, i) => {
    perTrainee.set(traineeOf[i]!, (perTrainee.get(traineeOf[i]!) ?? 0) + 1);
    statuses[e.status] += 1;
    if (e.status === 'pending' && e.eventDate < today) statuses.overdue += 1;
    if (e.licenseNumber) withLicense += 1;
  });
  const several = [...perTrainee.values()].filter((n) => n > 1).length;
  return {
    events: events.length,
    trainees: perTrainee.size,
    traineesWithSeveralEvents: Number((several / perTrainee.size).toFixed(3)),
    ...statuses,
    withLicense: Number((withLicense / events.length).toFixed(3)),
  };
}
