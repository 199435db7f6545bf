import { describe, expect, it } from 'vitest';
import type { TrainingEventSummary } from '@shared/api/records';
import { computeComplianceAlerts } from './compliance-alerts';

let n = 0;
function event(patch: Partial<TrainingEventSummary>): TrainingEventSummary {
  return {
    id: String(++n),
    studentName: 'Ana Ruiz',
    licenseNumber: null,
    eventType: 'Proficiency Check',
    eventDate: '2025-03-01',
    status: 'completed',
    blockchainHash: null,
    ...patch,
  };
}

describe('computeComplianceAlerts', () => {
  it('raises nothing for completed and future pending events', () => {
    expect(
      computeComplianceAlerts(
        [event({}), event({ status: 'pending', eventDate: '2025-03-20' })],
        '2025-03-10',
      ),
    ).toEqual([]);
  });

  it('flags a failed event until the same trainee completes the same event type later', () => {
    const failed = event({ status: 'failed', eventDate: '2025-03-01', licenseNumber: 'CPL-1' });
    const alerts = computeComplianceAlerts([failed], '2025-03-10');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: 'failed-awaiting-recheck',
      severity: 'high',
      title: '1 failed event awaiting re-check',
    });

    const recheck = event({
      status: 'completed',
      eventDate: '2025-03-05',
      licenseNumber: 'cpl-1',
      studentName: 'Ana M. Ruiz',
    });
    expect(computeComplianceAlerts([failed, recheck], '2025-03-10')).toEqual([]);

    const earlier = event({ status: 'completed', eventDate: '2025-02-01', licenseNumber: 'CPL-1' });
    expect(computeComplianceAlerts([failed, earlier], '2025-03-10')).toHaveLength(1);

    const otherType = event({
      status: 'completed',
      eventDate: '2025-03-05',
      licenseNumber: 'CPL-1',
      eventType: 'Line Check',
    });
    expect(computeComplianceAlerts([failed, otherType], '2025-03-10')).toHaveLength(1);
  });

  it('flags pending events dated before today', () => {
    const alerts = computeComplianceAlerts(
      [
        event({ status: 'pending', eventDate: '2025-03-09' }),
        event({ status: 'pending', eventDate: '2025-03-01' }),
        event({ status: 'pending', eventDate: '2025-03-10' }),
      ],
      '2025-03-10',
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      id: 'pending-overdue',
      severity: 'medium',
      title: '2 pending events past their date',
      link: '/compliance-records?status=pending',
    });
  });
});
