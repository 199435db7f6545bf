import { areaItems } from './define';

const q = areaItems('area7');

/** Area 7, Flight Training Equipment: simulators and FTDs (142.59) and aircraft (142.57). */
export const AREA_7 = [
  q(
    '7-01',
    'Is each flight simulator and flight training device qualified and approved by the FAA for each maneuver and procedure of the aircraft make, model and series, set or type it simulates?',
    '142.59(a)(1)',
  ),
  q(
    '7-02',
    'Is each flight simulator and flight training device approved for each curriculum or course in which it is used to meet a 14 CFR chapter I requirement?',
    '142.59(a)(2)',
  ),
  q(
    '7-03',
    'Does each device approval identify the set of aircraft or aircraft type and any particular variation within type?',
    '142.59(b)(1), 142.59(b)(2)',
  ),
  q(
    '7-04',
    'Does each device approval identify the specific maneuver, procedure or crewmember function it covers?',
    '142.59(b)(3)',
  ),
  q(
    '7-05',
    'Is each flight simulator and flight training device maintained so that the performance, functions and characteristics required for its qualification remain reliable?',
    '142.59(c)(1)',
  ),
  q(
    '7-06',
    'Is each device modified to conform with changes to the aircraft it simulates when those changes affect the characteristics required for its qualification?',
    '142.59(c)(2)',
  ),
  q(
    '7-07',
    'Is a functional preflight check of each flight simulator and flight training device done each day before it is used?',
    '142.59(c)(3)',
  ),
  q(
    '7-08',
    'Does each device have a discrepancy log in which the instructor or evaluator records each discrepancy at the end of each training session?',
    '142.59(c)(4)',
  ),
  q(
    '7-09',
    'Are all components essential to, or used in, training, testing or checking operative, unless the FAA has allowed otherwise?',
    '142.59(d)',
  ),
  q(
    '7-10',
    'Is each discrepancy recorded in the log corrected, or its use allowed by the FAA, before the device is again used for training, testing or checking that needs the affected component?',
    '142.59(c)(4), 142.59(d)',
  ),
  q(
    '7-11',
    'Does each aircraft used for flight instruction and solo flights hold a standard airworthiness certificate or an acceptable foreign equivalent, unless the curriculum is one the rule exempts?',
    '142.57(a)(1)',
  ),
  q(
    '7-12',
    'Is each aircraft maintained and inspected under part 91 subpart E and an approved maintenance and inspection program?',
    '142.57(a)(2)',
  ),
  q(
    '7-13',
    'Is each aircraft equipped as the training specifications require for the approved course in which it is used?',
    '142.57(a)(3)',
  ),
  q(
    '7-14',
    'Does each aircraft used for flight instruction have at least two pilot stations with engine power controls and flight controls easily reached and operated in a conventional manner from both stations?',
    '142.57(b)',
  ),
  q(
    '7-15',
    'For an aircraft whose controls are not easily or conventionally operated from both pilot stations, has the training center determined that flight instruction can be given safely in it?',
    '142.57(c)',
  ),
  q(
    '7-16',
    'Is the result of each daily functional preflight check recorded, and is a device that fails the check withheld from use until it is corrected?',
    '142.59(c)(3), 142.59(d)',
  ),
];
