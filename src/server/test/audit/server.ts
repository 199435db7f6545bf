import { startJobServer, type Driver, type JobTestServer } from '../harness';

export type AuditTestServer = JobTestServer;

/** A test server whose job runner runs the analyses of `namespace` (leases of 10 s). */
export function startAuditServer(
  driver: Driver,
  options: Omit<Parameters<typeof startJobServer>[1], 'leaseMs' | 'services'>,
): Promise<AuditTestServer> {
  return startJobServer(driver, { leaseMs: 10_000, ...options });
}
