import type { Database } from '../../db/client';
import type { Actor } from '../../http/actor';
import { cachedFigure } from '../training-events/service';
import { maintenanceAlerts } from './alerts';
import { fleetStatusOf, lastDays, metricsOf } from './dashboard';
import { fleetFigures } from './figures';
import { componentPredictions } from './predictions';
import { fleetOf } from './repository';
import { todayUtc } from './view';
import { deviceFor, fieldError } from './write-rules';

export {
  checkDevice,
  createDevice,
  deviceNameTaken,
  getDevice,
  listDevices,
  updateDevice,
} from './devices';
export {
  checkDiscrepancy,
  discrepancyColumns,
  listDiscrepancies,
  recordDiscrepancy,
  recordPreflight,
  updateDiscrepancy,
} from './logs';
export {
  addMaintenanceItem,
  checkMaintenanceItem,
  installComponent,
  markMaintenanceDone,
  recordSession,
  removeComponent,
} from './units';

// ---------------------------------------------------------------------------------------------
// Predictions and alerts

export async function listPredictions(
  db: Database,
  actor: Actor,
  filter: { deviceId?: string; component?: string },
) {
  if (filter.deviceId) await deviceFor(db, actor, filter.deviceId);
  const { rows, today, predictions } = await dashboardData(db, actor);
  const filtered = filter.deviceId || filter.component;
  return { predictions: filtered ? componentPredictions(rows, today, filter) : predictions };
}

export async function listMaintenanceAlerts(db: Database, actor: Actor) {
  return { alerts: (await dashboardData(db, actor)).alerts };
}

// ---------------------------------------------------------------------------------------------
// The dashboard: metric cards, fleet status, figures

/**
 * The fleet's rows with their predictions and alerts, computed once per state of the
 * organization's ledger and day (every fleet write, import and seed appends to the ledger in its
 * transaction): the four dashboard calls share one read and one computation.
 */
function dashboardData(db: Database, actor: Actor) {
  const today = todayUtc();
  return cachedFigure(db, actor, `fleet dashboard ${today}`, async () => {
    const rows = await fleetOf(db, actor.organizationId).rows();
    const predictions = componentPredictions(rows, today);
    return { rows, today, predictions, alerts: maintenanceAlerts(rows, predictions, today) };
  });
}

export async function getMaintenanceMetrics(db: Database, actor: Actor) {
  const { rows, today, predictions, alerts } = await dashboardData(db, actor);
  return metricsOf(rows, predictions, alerts, today);
}

export async function getFleetStatus(db: Database, actor: Actor) {
  const { rows, today, alerts } = await dashboardData(db, actor);
  return { fleet: fleetStatusOf(rows, alerts, today) };
}

export async function getFleetFigures(
  db: Database,
  actor: Actor,
  query: { from?: string; to?: string },
) {
  const today = todayUtc();
  const period = {
    from: query.from ?? lastDays(today, 90).from,
    to: query.to ?? today,
  };
  if (period.from > period.to) throw fieldError('from', 'The period starts after it ends');
  const { rows } = await dashboardData(db, actor);
  return fleetFigures(rows, period, today);
}
