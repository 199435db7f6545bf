import { areaItems } from './define';

const q = areaItems('area2');

/** Area 2, Training Specifications: what the FAA-issued training specifications list and authorize. */
export const AREA_2 = [
  q(
    '2-01',
    'Do the training specifications list the type of training authorized, including each approved course the training center conducts?',
    '142.11(d)(2)',
  ),
  q(
    '2-02',
    'Do the training specifications list the category, class and type of aircraft that may be used for training, testing and checking?',
    '142.11(d)(2)',
  ),
  q(
    '2-03',
    'Do the training specifications identify each flight simulator and flight training device used, with the aircraft it represents and its qualification level?',
    '142.11(d)(2)',
  ),
  q(
    '2-04',
    'Do the training specifications list every authorized deviation or waiver from Part 142 that the training center uses?',
    '142.11(d)(2), 142.9(a)',
  ),
  q(
    '2-05',
    'Does every course the training center conducts match a course, by title and curriculum, that its training specifications authorize?',
    '142.5(a)',
  ),
  q(
    '2-06',
    'Does the training center observe every limitation the FAA placed on its certificate and training specifications?',
    '142.5(b)',
  ),
  q(
    '2-07',
    'Did the application request the training authorizations and training specifications under which the training center now operates?',
    '142.11(b)(3)',
  ),
  q(
    '2-08',
    'Did the application include the proposed evaluation authorization, and is all evaluation the training center performs within the authorization it received?',
    '142.11(b)(4)',
  ),
  q(
    '2-09',
    'Does the description of flight training equipment given with the application match the equipment the training specifications list and the center actually uses?',
    '142.11(b)(5)',
  ),
  q(
    '2-10',
    'Do the training specifications show the name and address of each satellite training center and the approved courses offered there?',
    '142.17(a)(4)',
  ),
  q(
    '2-11',
    'Are the operations conducted at each satellite training center limited to those its training specifications require and authorize?',
    '142.17(b)',
  ),
  q(
    '2-12',
    'Is there an FAA approval on file for the training program of each curriculum the training specifications list?',
    '142.37(a)',
  ),
  q(
    '2-13',
    'Was each application for training program approval made in a form and manner acceptable to the FAA?',
    '142.37(c)',
  ),
  q(
    '2-14',
    'Does each training program application identify which courses are part of a core curriculum and which are part of a specialty curriculum?',
    '142.37(d)(1)',
  ),
  q(
    '2-15',
    'Does each training program application identify the part 61 requirements the curriculum would meet and those it would not meet?',
    '142.37(d)(2), 142.37(d)(3)',
  ),
];
