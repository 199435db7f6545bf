import { formatPercent } from '../../lib/format';

/** How the fleet figures read on screen; the server sends them unrounded (FLEET-FIGURES.md). */

/** Availability is a fraction: 0.75 reads 75.0%. */
export const availability = (v: number) => formatPercent(v * 100);
export const per100 = (v: number) => v.toFixed(1);
export const hours = (v: number) => `${v.toFixed(1)} h`;

const sign = (v: number) => (v > 0 ? '+' : v < 0 ? '−' : '±');

/** A change of availability, in percentage points. */
export const availabilityChange = (v: number) => `${sign(v)}${Math.abs(v * 100).toFixed(1)} pts`;
export const hoursChange = (v: number) => `${sign(v)}${Math.abs(v).toFixed(1)} h`;
export const per100Change = (v: number) => `${sign(v)}${Math.abs(v).toFixed(1)}`;
export const countChange = (v: number) => `${sign(v)}${Math.abs(v)}`;
