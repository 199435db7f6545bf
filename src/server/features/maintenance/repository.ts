import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  fleetComponents,
  fleetDevices,
  fleetDiscrepancies,
  fleetMaintenanceItems,
  fleetPreflights,
  fleetSessions,
} from '../../db/schema';

export type DeviceRow = typeof fleetDevices.$inferSelect;
export type ComponentRow = typeof fleetComponents.$inferSelect;
export type PreflightRow = typeof fleetPreflights.$inferSelect;
export type DiscrepancyRow = typeof fleetDiscrepancies.$inferSelect;
export type MaintenanceRow = typeof fleetMaintenanceItems.$inferSelect;
export type SessionRow = typeof fleetSessions.$inferSelect;

/** Everything the fleet's figures are computed from, for one organization (or one device). */
export interface FleetRows {
  devices: DeviceRow[];
  components: ComponentRow[];
  preflights: PreflightRow[];
  discrepancies: DiscrepancyRow[];
  maintenance: MaintenanceRow[];
  sessions: SessionRow[];
}

/** Data access of one organization's fleet; every query is scoped to it. */
export function fleetOf(db: DbOrTx, organizationId: string) {
  const org = <T extends { organizationId: unknown }>(table: T) =>
    eq((table as unknown as typeof fleetDevices).organizationId, organizationId);
  const scoped = <T extends { organizationId: unknown; deviceId?: unknown }>(
    table: T,
    deviceId?: string,
  ) =>
    and(
      org(table),
      deviceId ? eq((table as unknown as typeof fleetComponents).deviceId, deviceId) : undefined,
    );

  return {
    devices: () =>
      db.select().from(fleetDevices).where(org(fleetDevices)).orderBy(asc(fleetDevices.name)),
    device: async (id: string, options: { forUpdate?: boolean } = {}) => {
      const query = db
        .select()
        .from(fleetDevices)
        .where(and(org(fleetDevices), eq(fleetDevices.id, id)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },
    nameTaken: async (name: string, exceptId?: string) => {
      const [row] = await db
        .select({ id: fleetDevices.id })
        .from(fleetDevices)
        .where(
          and(
            org(fleetDevices),
            sql`lower(${fleetDevices.name}) = lower(${name})`,
            exceptId ? sql`${fleetDevices.id} <> ${exceptId}` : undefined,
          ),
        );
      return !!row;
    },
    /** All rows the figures read, for the organization or for one device. */
    rows: async (deviceId?: string): Promise<FleetRows> => {
      const [devices, components, preflights, discrepancies, maintenance, sessions] =
        await Promise.all([
          db
            .select()
            .from(fleetDevices)
            .where(and(org(fleetDevices), deviceId ? eq(fleetDevices.id, deviceId) : undefined))
            .orderBy(asc(fleetDevices.name)),
          db
            .select()
            .from(fleetComponents)
            .where(scoped(fleetComponents, deviceId))
            .orderBy(asc(fleetComponents.installedAt)),
          db
            .select()
            .from(fleetPreflights)
            .where(scoped(fleetPreflights, deviceId))
            .orderBy(desc(fleetPreflights.date), desc(fleetPreflights.performedAt)),
          db
            .select()
            .from(fleetDiscrepancies)
            .where(scoped(fleetDiscrepancies, deviceId))
            .orderBy(desc(fleetDiscrepancies.reportedAt)),
          db
            .select()
            .from(fleetMaintenanceItems)
            .where(scoped(fleetMaintenanceItems, deviceId))
            .orderBy(asc(fleetMaintenanceItems.title)),
          db
            .select()
            .from(fleetSessions)
            .where(scoped(fleetSessions, deviceId))
            .orderBy(desc(fleetSessions.startsAt)),
        ]);
      return { devices, components, preflights, discrepancies, maintenance, sessions };
    },
    component: async (deviceId: string, id: string) => {
      const [row] = await db
        .select()
        .from(fleetComponents)
        .where(and(scoped(fleetComponents, deviceId), eq(fleetComponents.id, id)));
      return row;
    },
    discrepancy: async (deviceId: string, id: string, options: { forUpdate?: boolean } = {}) => {
      const query = db
        .select()
        .from(fleetDiscrepancies)
        .where(and(scoped(fleetDiscrepancies, deviceId), eq(fleetDiscrepancies.id, id)));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row;
    },
    /** The write-up a device kept offline under `clientId`, on any device of the organization. */
    discrepancyByClientId: async (clientId: string) => {
      const [row] = await db
        .select()
        .from(fleetDiscrepancies)
        .where(
          and(
            eq(fleetDiscrepancies.organizationId, organizationId),
            eq(fleetDiscrepancies.clientId, clientId),
          ),
        );
      return row;
    },
  };
}
