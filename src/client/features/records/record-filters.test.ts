import { describe, expect, it } from 'vitest';
import type { TrainingEventSummary } from '@shared/api/records';
import { filterTrainingEvents } from './record-filters';

const events: TrainingEventSummary[] = [
  {
    id: '1',
    studentName: 'Ana Ruiz',
    licenseNumber: 'CPL-3345',
    eventType: 'Proficiency Check',
    eventDate: '2025-03-01',
    status: 'completed',
    blockchainHash: null,
  },
  {
    id: '2',
    studentName: 'Ben Ode',
    licenseNumber: null,
    eventType: 'Line Check',
    eventDate: '2025-03-02',
    status: 'failed',
    blockchainHash: null,
  },
  {
    id: '3',
    studentName: 'Cara Lin',
    licenseNumber: 'ATP-9',
    eventType: 'Type Rating',
    eventDate: '2025-03-03',
    status: 'pending',
    blockchainHash: null,
  },
];

const ids = (list: TrainingEventSummary[]) => list.map((e) => e.id);

describe('filterTrainingEvents', () => {
  it('matches name, licence number and event type without regard to case', () => {
    expect(ids(filterTrainingEvents(events, 'ana', 'all'))).toEqual(['1']);
    expect(ids(filterTrainingEvents(events, 'atp-9', 'all'))).toEqual(['3']);
    expect(ids(filterTrainingEvents(events, ' CHECK ', 'all'))).toEqual(['1', '2']);
  });

  it('combines the search with the status filter', () => {
    expect(ids(filterTrainingEvents(events, 'check', 'failed'))).toEqual(['2']);
    expect(ids(filterTrainingEvents(events, '', 'pending'))).toEqual(['3']);
    expect(filterTrainingEvents(events, 'nobody', 'all')).toEqual([]);
  });
});
