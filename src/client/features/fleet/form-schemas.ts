import { format } from 'date-fns';
import { z } from 'zod';
import {
  createComponentRequest,
  createDeviceRequest,
  createDiscrepancyRequest,
  createMaintenanceItemRequest,
  createPreflightRequest,
  createSessionRequest,
  removeComponentRequest,
} from '@shared/api/maintenance';
import { isCalendarDate } from '@shared/api/training-events';
import { t } from '../../i18n/app';

/**
 * The fleet's forms hold text; these turn it into the request and hand each value to the shared
 * schema's own field (`.pipe`), so the contract still decides. Rules that need the device's rows
 * (a closed entry needs its corrective action, a passing preflight has no failed item, no date
 * before the device entered service) are the server's: its 422 lands next to the field.
 */

/** Radix Select has no empty value: this one stands for "none". */
export const NONE = '__none__';

/**
 * A message of the form, written when the value is checked so that it is in the reader's
 * language at that moment.
 */
type Message = () => string;
const say = (message: Message) => ({ error: message });

const blankToNull = (v: string) => (v.trim() === '' || v === NONE ? null : v.trim());

/**
 * Hands a value to a field of the shared schema and keeps its verdict (its message on failure).
 * A transform rather than `.pipe`: the shared fields also accept undefined, which zod's typing
 * of a pipe does not allow of a target.
 */
function through<T extends z.ZodType>(field: T) {
  return (value: unknown, ctx: z.RefinementCtx): z.output<T> => {
    const result = field.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };
}

const optional = <T extends z.ZodType>(field: T) =>
  z.string().transform(blankToNull).transform(through(field));
const required = <T extends z.ZodType>(field: T, message: Message) =>
  z.string().trim().min(1, say(message)).transform(through(field));

const isNumber = (v: string) => v.trim() === '' || Number.isFinite(Number(v));
const enterNumber = say(() => t('fleet:validation.enterNumber'));
const numberBox = z.string().refine(isNumber, enterNumber);
/** A number box; blank is null (an optional value) or undefined (the schema's default). */
const optionalNumber = <T extends z.ZodType>(field: T) =>
  numberBox.transform((v) => (v.trim() === '' ? null : Number(v))).transform(through(field));
const defaultedNumber = <T extends z.ZodType>(field: T) =>
  numberBox.transform((v) => (v.trim() === '' ? undefined : Number(v))).transform(through(field));
const requiredNumber = <T extends z.ZodType>(field: T, message: Message) =>
  z
    .string()
    .refine((v) => v.trim() !== '', say(message))
    .refine(isNumber, enterNumber)
    .transform(Number)
    .transform(through(field));

const date = (message: Message) => z.string().refine(isCalendarDate, say(message));
const optionalDate = z
  .string()
  .transform(blankToNull)
  .refine(
    (v) => v === null || isCalendarDate(v),
    say(() => t('fleet:validation.realDate')),
  );
/** A `datetime-local` box, read in the browser's timezone and sent as an instant. */
const instant = (message: Message) =>
  z
    .string()
    .refine((v) => v !== '' && !Number.isNaN(new Date(v).getTime()), say(message))
    .transform((v) => new Date(v).toISOString());

export const todayInput = () => format(new Date(), 'yyyy-MM-dd');
export const nowInput = () => format(new Date(), "yyyy-MM-dd'T'HH:mm");

// ---------------------------------------------------------------------------------------------

const device = createDeviceRequest.shape;
export const deviceFormSchema = z.object({
  kind: device.kind,
  name: required(device.name, () => t('fleet:validation.deviceName')),
  model: required(device.model, () => t('fleet:validation.deviceModel')),
  qualificationLevel: optional(device.qualificationLevel),
  manufacturer: optional(device.manufacturer),
  serialNumber: optional(device.serialNumber),
  registration: optional(device.registration),
  location: optional(device.location),
  inServiceFrom: date(() => t('fleet:validation.inServiceFrom')),
  baseHours: defaultedNumber(device.baseHours),
  baseCycles: defaultedNumber(device.baseCycles),
});
export type DeviceFormInput = z.input<typeof deviceFormSchema>;
export const emptyDevice = (): DeviceFormInput => ({
  kind: 'ffs',
  name: '',
  model: '',
  qualificationLevel: '',
  manufacturer: '',
  serialNumber: '',
  registration: '',
  location: '',
  inServiceFrom: '',
  baseHours: '',
  baseCycles: '',
});

// ---------------------------------------------------------------------------------------------

export const preflightFormSchema = z.object({
  date: date(() => t('fleet:validation.preflightDate')),
  passed: z
    .string()
    .refine(
      (v) => v === 'yes' || v === 'no',
      say(() => t('fleet:validation.preflightResult')),
    )
    .transform((v) => v === 'yes'),
  items: z
    .array(
      z.object({
        item: z
          .string()
          .trim()
          .min(
            1,
            say(() => t('fleet:validation.preflightItem')),
          )
          .max(200),
        ok: z.boolean(),
      }),
    )
    .max(100),
  remarks: optional(createPreflightRequest.shape.remarks),
});
export type PreflightFormInput = z.input<typeof preflightFormSchema>;

// ---------------------------------------------------------------------------------------------

const d = createDiscrepancyRequest.shape;
export const discrepancyFormSchema = z.object({
  reportedAt: instant(() => t('fleet:validation.reportedAt')),
  reportedBy: required(d.reportedBy, () => t('fleet:validation.reportedBy')),
  session: optional(d.session),
  componentId: optional(d.componentId),
  component: optional(d.component),
  ataChapter: optional(d.ataChapter),
  description: required(d.description, () => t('fleet:validation.description')),
  severity: d.severity,
  status: z.enum(['open', 'deferred']),
  trainingMinutesLost: defaultedNumber(d.trainingMinutesLost),
});
export type DiscrepancyFormInput = z.input<typeof discrepancyFormSchema>;

/** Closing an entry: the corrective action is required, and the server says so (422). */
export const closeFormSchema = z.object({
  closedAt: instant(() => t('fleet:validation.closedAt')),
  closedBy: optional(d.closedBy),
  correctiveAction: optional(d.correctiveAction),
  downtimeMinutes: defaultedNumber(d.downtimeMinutes),
  trainingMinutesLost: defaultedNumber(d.trainingMinutesLost),
});
export type CloseFormInput = z.input<typeof closeFormSchema>;

// ---------------------------------------------------------------------------------------------

const c = createComponentRequest.shape;
export const componentFormSchema = z.object({
  name: required(c.name, () => t('fleet:validation.componentName')),
  ataChapter: optional(c.ataChapter),
  partNumber: optional(c.partNumber),
  serialNumber: optional(c.serialNumber),
  installedAt: date(() => t('fleet:validation.installedAt')),
  lifeLimitHours: optionalNumber(c.lifeLimitHours),
  lifeLimitCycles: optionalNumber(c.lifeLimitCycles),
  removedAt: optionalDate,
  removalReason: optional(c.removalReason),
});
export type ComponentFormInput = z.input<typeof componentFormSchema>;

export const removalFormSchema = z.object({
  removedAt: date(() => t('fleet:validation.removedAt')),
  removalReason: removeComponentRequest.shape.removalReason,
});
export type RemovalFormInput = z.input<typeof removalFormSchema>;

// ---------------------------------------------------------------------------------------------

const m = createMaintenanceItemRequest.shape;
export const maintenanceFormSchema = z.object({
  title: required(m.title, () => t('fleet:validation.maintenanceTitle')),
  kind: m.kind,
  componentId: optional(m.componentId),
  intervalDays: optionalNumber(m.intervalDays),
  intervalHours: optionalNumber(m.intervalHours),
  lastDoneAt: optionalDate,
  lastDoneHours: optionalNumber(m.lastDoneHours),
  dueAt: optionalDate,
  dueHours: optionalNumber(m.dueHours),
});
export type MaintenanceFormInput = z.input<typeof maintenanceFormSchema>;

// ---------------------------------------------------------------------------------------------

const s = createSessionRequest.shape;
export const sessionFormSchema = z.object({
  startsAt: instant(() => t('fleet:validation.sessionStart')),
  scheduledMinutes: requiredNumber(s.scheduledMinutes, () => t('fleet:validation.minutesBooked')),
  usedMinutes: requiredNumber(s.usedMinutes, () => t('fleet:validation.minutesUsed')),
  interrupted: z.boolean(),
  instructor: optional(s.instructor),
  cycles: defaultedNumber(s.cycles),
});
export type SessionFormInput = z.input<typeof sessionFormSchema>;
