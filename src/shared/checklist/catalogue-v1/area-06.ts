import { areaItems } from './define';

const q = areaItems('area6');

/** Area 6, Facilities (142.15 and the facility parts of 142.11 and 142.17). */
export const AREA_6 = [
  q(
    '6-01',
    'Are classrooms, booths and other instructional spaces heated in accordance with local building, sanitation and health codes?',
    '142.15(a)(1)',
  ),
  q(
    '6-02',
    'Are classrooms, booths and other instructional spaces lighted in accordance with local building, sanitation and health codes?',
    '142.15(a)(1)',
  ),
  q(
    '6-03',
    'Are classrooms, booths and other instructional spaces ventilated in accordance with local building, sanitation and health codes?',
    '142.15(a)(1)',
  ),
  q(
    '6-04',
    'Can the training center show that its instructional spaces conform to those local codes, for example with current occupancy or inspection certificates?',
    '142.15(a)(1)',
  ),
  q(
    '6-05',
    'Are the training facilities located so that trainees are not routinely disturbed by flight operations or maintenance activity at the airport?',
    '142.15(a)(2)',
  ),
  q(
    '6-06',
    'Is the principal business office physically located at the address shown on the training center certificate?',
    '142.15(b)',
  ),
  q(
    '6-07',
    'Are the records Part 142 requires kept in facilities adequate for that purpose?',
    '142.15(c)',
  ),
  q(
    '6-08',
    'Are the record facilities protected against loss, damage and access by unauthorized persons?',
    '142.15(c)',
  ),
  q(
    '6-09',
    'Does the training center have exclusive use of adequate flight training equipment for periods adequate for each approved course?',
    '142.15(d)',
  ),
  q(
    '6-10',
    'Does the flight training equipment the training center has exclusive use of include at least one flight simulator or advanced flight training device?',
    '142.15(d)',
  ),
  q(
    '6-11',
    'Is the flight training equipment located at a location the FAA has approved?',
    '142.15(d)',
  ),
  q(
    '6-12',
    'Do the facilities, equipment and evaluation plans in use match the description given to the FAA with the application?',
    '142.11(b)(6)',
  ),
  q(
    '6-13',
    'Were new or changed facilities and equipment made available for FAA inspection and evaluation before approval?',
    '142.11(c)(1)',
  ),
  q(
    '6-14',
    'Were the facilities and equipment in place and operational at the proposed location before the certificate or amendment was issued?',
    '142.11(c)(2)',
  ),
  q(
    '6-15',
    'Do the instructional spaces of each satellite training center meet the same heating, lighting, ventilation and noise requirements as those of the principal center?',
    '142.17(a)(1), 142.15(a)',
  ),
  q(
    '6-16',
    'Does the flight training equipment used at each satellite training center meet the applicable requirements of Part 142?',
    '142.17(a)(1)',
  ),
  q(
    '6-17',
    'Are arrangements in place so that the FAA can inspect every facility, including each satellite training center, at any reasonable time?',
    '142.29',
  ),
  q(
    '6-18',
    'Does each location that holds trainee or instructor records have adequate facilities for keeping them there?',
    '142.15(c), 142.73(d)',
  ),
];
