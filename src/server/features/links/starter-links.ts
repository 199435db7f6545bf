/**
 * The regulatory pages a Part 142 training centre depends on, monitored from the start (the
 * admin edits or deletes them). Official addresses only.
 */
export const STARTER_LINKS = [
  {
    name: '14 CFR Part 142 — Training Centers (eCFR)',
    url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-H/part-142',
    expectedKeyword: 'Training Centers',
    ignorePattern: null,
    intervalMinutes: 1440,
  },
  {
    name: '14 CFR Part 60 — Flight Simulation Training Devices (eCFR)',
    url: 'https://www.ecfr.gov/current/title-14/chapter-I/subchapter-D/part-60',
    expectedKeyword: 'Flight Simulation Training Device',
    ignorePattern: null,
    intervalMinutes: 1440,
  },
  {
    name: 'FAA Order 8900.1 — Flight Standards Information Management System contents (FSIMS)',
    url: 'https://fsims.faa.gov/PICResults.aspx?mode=EBookContents',
    expectedKeyword: null,
    ignorePattern: null,
    intervalMinutes: 1440,
  },
  {
    name: 'FAA Advisory Circulars index',
    url: 'https://www.faa.gov/regulations_policies/advisory_circulars',
    expectedKeyword: 'Advisory Circular',
    ignorePattern: null,
    intervalMinutes: 10080,
  },
] as const;
