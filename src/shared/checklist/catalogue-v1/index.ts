import type { Catalogue } from '../types';
import { AREA_1 } from './area-01';
import { AREA_2 } from './area-02';
import { AREA_3 } from './area-03';
import { AREA_4 } from './area-04';
import { AREA_5 } from './area-05';
import { AREA_6 } from './area-06';
import { AREA_7 } from './area-07';
import { AREA_8 } from './area-08';
import { AREA_9 } from './area-09';
import { AREA_10 } from './area-10';

/**
 * Version 1 of the Part 142 inspection checklist: 200 yes/no questions written from the rule
 * text of 14 CFR Part 142 (paragraph structure in ../data/part142-paragraphs.json), with the five
 * items of the FAA job aid we know with their references (1-01 to 1-05).
 */
export const CATALOGUE_V1: Catalogue = {
  version: 1,
  label: 'Part 142 inspection checklist, version 1',
  items: [
    ...AREA_1,
    ...AREA_2,
    ...AREA_3,
    ...AREA_4,
    ...AREA_5,
    ...AREA_6,
    ...AREA_7,
    ...AREA_8,
    ...AREA_9,
    ...AREA_10,
  ],
};
