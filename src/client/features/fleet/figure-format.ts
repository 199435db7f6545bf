import { t } from '../../i18n/app';
import { formatNumber, formatPercent } from '../../lib/format';

/** How the fleet figures read on screen; the server sends them unrounded (FLEET-FIGURES.md). */

/**
 * A measure with a fixed number of decimals in the reader's language (`1520.5`, `1520,5`),
 * without thousands separators, as the figures have always been written.
 */
export const fixed = (v: number, digits: number) =>
  formatNumber(v, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });

/** Availability is a fraction: 0.75 reads 75.0%. */
export const availability = (v: number) => formatPercent(v * 100);
export const per100 = (v: number) => fixed(v, 1);
export const hours = (v: number) => `${fixed(v, 1)} h`;

const sign = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '±');

/** A change of availability, in percentage points. */
export const availabilityChange = (v: number) =>
  t('fleet:units.pointsShort', { value: `${sign(v)}${fixed(Math.abs(v * 100), 1)}` });
export const hoursChange = (v: number) => `${sign(v)}${fixed(Math.abs(v), 1)} h`;
export const per100Change = (v: number) => `${sign(v)}${fixed(Math.abs(v), 1)}`;
export const countChange = (v: number) => `${sign(v)}${Math.abs(v)}`;
