import { deviceDetail, type DeviceDetail } from '@shared/api/maintenance';
import {
  fleetStatusList,
  maintenanceAlertList,
  maintenanceMetrics,
  predictionList,
  type FleetAircraft,
} from '@shared/api/maintenance-insight';

/** Answers of the fleet API as the server sends them, each passed through the shared schema. */

export const FFS1_ID = '5b0d7c1e-2a3f-4b5c-8d6e-7f8091a2b3c4';
export const FFS2_ID = '6c1e8d2f-3b4a-4c5d-9e7f-8091a2b3c4d5';
export const OPEN_ID = '7d2f9e3a-4c5b-4d6e-8f80-91a2b3c4d5e6';

export const metrics = (overrides = {}) =>
  maintenanceMetrics.parse({
    totalAircraft: 2,
    predictiveAccuracy: 0.5,
    costReduction: null,
    uptimeImprovement: -2.5,
    criticalAlerts: 1,
    predictedFailures: 1,
    preventedDowntime: null,
    networkIntelligence: null,
    basis: {
      totalAircraft: 'Aircraft and FSTDs in the fleet, not retired',
      predictiveAccuracy: 'Backtest: fitted on the history before 2025-01-01, 2 units flagged',
      costReduction: 'Not measured: Centerline keeps no maintenance cost data',
      uptimeImprovement: 'Fleet availability minus the 30 days before, in points',
      criticalAlerts: 'Alerts of severity CRITICAL now',
      predictedFailures: 'Installed units with a 50 % or greater chance of failing within 30 days',
      preventedDowntime:
        'Not measured: downtime that did not happen cannot be counted from the logs',
      networkIntelligence: 'Not computed: Centerline does not pool data across training centres',
    },
    backtest: null,
    ...overrides,
  });

const release = (released: boolean, reason: string) => ({
  released,
  preflightId: released ? 'pf-1' : null,
  reason,
});

export const fleetRow = (overrides: Partial<FleetAircraft> = {}): FleetAircraft =>
  fleetStatusList.parse({
    fleet: [
      {
        aircraftId: 'FFS 1',
        deviceId: FFS1_ID,
        kind: 'ffs',
        model: 'B737-800 FFS',
        status: 'OPERATIONAL',
        statusReason: 'No unresolved discrepancy restricts it and no maintenance is overdue',
        healthScore: 92.5,
        healthBasis: 'Availability 2025-02-01 to 2025-03-02: share of scheduled training time',
        nextMaintenance: '2025-04-15',
        criticalAlerts: 0,
        lastUpdate: '2025-03-02T08:15:00.000Z',
        release: release(true, 'Preflight passed on 2025-03-02'),
        ...overrides,
      },
    ],
  }).fleet[0]!;

export const FLEET = [
  fleetRow(),
  fleetRow({
    aircraftId: 'FFS 2',
    deviceId: FFS2_ID,
    status: 'GROUNDED',
    statusReason: 'Down since 2025-03-01: Motion platform hydraulic leak',
    healthScore: 55,
    nextMaintenance: null,
    criticalAlerts: 1,
    release: release(false, 'No passing preflight on 2025-03-02'),
  }),
];

export const alerts = () =>
  maintenanceAlertList.parse({
    alerts: [
      {
        id: 'prediction:1',
        kind: 'prediction',
        aircraftId: 'FFS 2',
        deviceId: FFS2_ID,
        component: 'Projector lamp',
        prediction: '85 % chance that Projector lamp L-7 fails within 30 days',
        confidence: 0.85,
        timeToFailure: 'about 12 days (expected remaining life)',
        severity: 'CRITICAL',
        recommendedAction: 'Plan the replacement of Projector lamp on FFS 2',
        basis: 'Weibull fit to 6 failures and 3 censored units of Projector lamp',
        paragraph: null,
      },
      {
        id: 'unreleased:1',
        kind: 'unreleased_session',
        aircraftId: 'FFS 1',
        deviceId: FFS1_ID,
        component: null,
        prediction: 'A session was given on 2025-02-20 with no passing preflight',
        confidence: null,
        timeToFailure: null,
        severity: 'LOW',
        recommendedAction: 'Record the preflight before training',
        basis: 'Sessions compared with preflights of the same day',
        paragraph: '142.59(c)(3)',
      },
    ],
  });

export function deviceOf(overrides: Partial<DeviceDetail> = {}): DeviceDetail {
  return deviceDetail.parse({
    id: FFS2_ID,
    kind: 'ffs',
    name: 'FFS 2',
    model: 'B737-800 FFS',
    qualificationLevel: 'Level D',
    manufacturer: 'CAE',
    serialNumber: 'SN-2',
    registration: null,
    location: 'Bay 2',
    qualifiedFor: null,
    inServiceFrom: '2020-01-01',
    baseHours: 1000,
    baseCycles: 0,
    retiredAt: null,
    totalHours: 1234.5,
    totalCycles: 40,
    status: 'GROUNDED',
    statusReason: 'Down since 2025-03-01: Motion platform hydraulic leak',
    release: release(false, 'No passing preflight on 2025-03-02'),
    openDiscrepancies: 1,
    version: 1,
    ledgerIndex: 3,
    createdAt: '2020-01-01T00:00:00.000Z',
    updatedAt: '2025-03-01T00:00:00.000Z',
    components: [],
    preflights: [],
    discrepancies: [
      {
        id: OPEN_ID,
        deviceId: FFS2_ID,
        componentId: null,
        component: 'Motion platform',
        ataChapter: '29',
        reportedAt: '2025-03-01T09:00:00.000Z',
        reportedBy: 'Dana Fox',
        session: null,
        description: 'Motion platform hydraulic leak',
        severity: 'down',
        status: 'open',
        correctiveAction: null,
        closedAt: null,
        closedBy: null,
        downtimeMinutes: 0,
        trainingMinutesLost: 120,
        version: 2,
        ledgerIndex: 4,
        createdAt: '2025-03-01T09:00:00.000Z',
      },
    ],
    maintenance: [],
    sessions: [],
    ...overrides,
  });
}

export const noPredictions = () => predictionList.parse({ predictions: [] });
