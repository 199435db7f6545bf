import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  componentParams,
  createComponentRequest,
  createDeviceRequest,
  createDiscrepancyRequest,
  createMaintenanceItemRequest,
  createPreflightRequest,
  createSessionRequest,
  deviceDetail,
  deviceIdParams,
  deviceList,
  discrepancy,
  discrepancyList,
  discrepancyParams,
  maintenanceDoneRequest,
  maintenanceItemParams,
  removeComponentRequest,
  updateDeviceRequest,
  updateDiscrepancyRequest,
} from '@shared/api/maintenance';
import {
  figuresQuery,
  fleetFiguresResponse,
  fleetStatusList,
  maintenanceMetrics,
  maintenanceAlertList,
  predictionList,
  predictionsQuery,
} from '@shared/api/maintenance-insight';
import { actorOf, authorize } from '../../http/auth-plugin';
import { errorResponses } from '../../http/errors';
import type { RouteContext } from '../../http/types';
import { fleetImportRoutes } from './import-routes';
import {
  addMaintenanceItem,
  createDevice,
  getDevice,
  getFleetFigures,
  getFleetStatus,
  getMaintenanceMetrics,
  installComponent,
  listDevices,
  listDiscrepancies,
  listMaintenanceAlerts,
  listPredictions,
  markMaintenanceDone,
  recordDiscrepancy,
  recordPreflight,
  recordSession,
  removeComponent,
  updateDevice,
  updateDiscrepancy,
} from './service';

/**
 * The fleet: Admins keep the device list, its components and scheduled maintenance; Admins and
 * Instructors record the daily preflight, the discrepancy log and sessions (142.59(c)(3)-(4):
 * the instructor or evaluator writes up each discrepancy); Auditors read; Viewers do not.
 */
export async function maintenanceRoutes(root: FastifyInstance, ctx: RouteContext) {
  const { db } = ctx;
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['maintenance'];
  const read = authorize('readAllRecords');
  const log = authorize('manageDocuments');
  const admin = authorize('manageOrganization');
  const errors = errorResponses(401, 403, 404, 409, 422);
  const params = deviceIdParams;

  app.get(
    '/api/maintenance/devices',
    { schema: { tags, response: { 200: deviceList, ...errors } }, onRequest: read },
    (request) => listDevices(db, actorOf(request)),
  );

  app.post(
    '/api/maintenance/devices',
    {
      schema: { tags, body: createDeviceRequest, response: { 201: deviceDetail, ...errors } },
      onRequest: admin,
    },
    async (request, reply) =>
      reply.status(201).send(await createDevice(db, actorOf(request), request.body)),
  );

  app.get(
    '/api/maintenance/devices/:id',
    { schema: { tags, params, response: { 200: deviceDetail, ...errors } }, onRequest: read },
    (request) => getDevice(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/api/maintenance/devices/:id',
    {
      schema: {
        tags,
        params,
        body: updateDeviceRequest,
        response: { 200: deviceDetail, ...errors },
      },
      onRequest: admin,
    },
    (request) => updateDevice(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/maintenance/devices/:id/preflights',
    {
      schema: {
        tags,
        description:
          'The functional preflight check of 142.59(c)(3); a passing one releases the device for the day.',
        params,
        body: createPreflightRequest,
        response: { 201: deviceDetail, ...errors },
      },
      onRequest: log,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordPreflight(db, actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/maintenance/devices/:id/discrepancies',
    {
      schema: { tags, params, response: { 200: discrepancyList, ...errors } },
      onRequest: read,
    },
    (request) => listDiscrepancies(db, actorOf(request), request.params.id),
  );

  app.post(
    '/api/maintenance/devices/:id/discrepancies',
    {
      schema: {
        tags,
        description:
          'An entry of the discrepancy log of 142.59(c)(4). With a clientId already logged, that entry is answered (200) instead of a new one.',
        params,
        body: createDiscrepancyRequest,
        response: { 200: discrepancy, 201: discrepancy, ...errors },
      },
      onRequest: log,
    },
    async (request, reply) => {
      const result = await recordDiscrepancy(db, actorOf(request), request.params.id, request.body);
      return reply.status(result.created ? 201 : 200).send(result.discrepancy);
    },
  );

  app.patch(
    '/api/maintenance/devices/:id/discrepancies/:discrepancyId',
    {
      schema: {
        tags,
        params: discrepancyParams,
        body: updateDiscrepancyRequest,
        response: { 200: discrepancy, ...errors },
      },
      onRequest: log,
    },
    (request) =>
      updateDiscrepancy(
        db,
        actorOf(request),
        request.params.id,
        request.params.discrepancyId,
        request.body,
      ),
  );

  app.post(
    '/api/maintenance/devices/:id/components',
    {
      schema: {
        tags,
        params,
        body: createComponentRequest,
        response: { 201: deviceDetail, ...errors },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await installComponent(db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/maintenance/devices/:id/components/:componentId/removal',
    {
      schema: {
        tags,
        params: componentParams,
        body: removeComponentRequest,
        response: { 200: deviceDetail, ...errors },
      },
      onRequest: admin,
    },
    (request) =>
      removeComponent(
        db,
        actorOf(request),
        request.params.id,
        request.params.componentId,
        request.body,
      ),
  );

  app.post(
    '/api/maintenance/devices/:id/sessions',
    {
      schema: {
        tags,
        params,
        body: createSessionRequest,
        response: { 201: deviceDetail, ...errors },
      },
      onRequest: log,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordSession(db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/maintenance/devices/:id/maintenance',
    {
      schema: {
        tags,
        params,
        body: createMaintenanceItemRequest,
        response: { 201: deviceDetail, ...errors },
      },
      onRequest: admin,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addMaintenanceItem(db, actorOf(request), request.params.id, request.body)),
  );

  app.post(
    '/api/maintenance/devices/:id/maintenance/:itemId/done',
    {
      schema: {
        tags,
        description:
          'Scheduled maintenance done: the next due date and hours follow from its interval.',
        params: maintenanceItemParams,
        body: maintenanceDoneRequest,
        response: { 200: deviceDetail, ...errors },
      },
      onRequest: admin,
    },
    (request) =>
      markMaintenanceDone(
        db,
        actorOf(request),
        request.params.id,
        request.params.itemId,
        request.body,
      ),
  );

  app.get(
    '/api/maintenance/predictions',
    {
      schema: {
        tags,
        description:
          'Per component type: a Weibull fit to the fleet’s own history (failures, and units removed otherwise or still running as censored), with intervals, or null and the reason.',
        querystring: predictionsQuery,
        response: { 200: predictionList, ...errors },
      },
      onRequest: read,
    },
    (request) => listPredictions(db, actorOf(request), request.query),
  );

  app.get(
    '/api/maintenance/alerts',
    {
      schema: { tags, response: { 200: maintenanceAlertList, ...errors } },
      onRequest: read,
    },
    (request) => listMaintenanceAlerts(db, actorOf(request)),
  );

  app.get(
    '/api/maintenance/metrics',
    {
      schema: {
        tags,
        description:
          'The spec’s metric cards, each computed from the fleet’s rows or null, with how (`basis`).',
        response: { 200: maintenanceMetrics, ...errors },
      },
      onRequest: read,
    },
    (request) => getMaintenanceMetrics(db, actorOf(request)),
  );

  app.get(
    '/api/maintenance/fleet',
    {
      schema: { tags, response: { 200: fleetStatusList, ...errors } },
      onRequest: read,
    },
    (request) => getFleetStatus(db, actorOf(request)),
  );

  app.get(
    '/api/maintenance/figures',
    {
      schema: {
        tags,
        description:
          'Quality figures per device, ATA chapter and month over a period (default: the last 90 days), with the previous period; docs/FLEET-FIGURES.md says how each is computed.',
        querystring: figuresQuery,
        response: { 200: fleetFiguresResponse, ...errors },
      },
      onRequest: read,
    },
    (request) => getFleetFigures(db, actorOf(request), request.query),
  );

  await fleetImportRoutes(root, ctx);
}
