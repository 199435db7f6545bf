import type { Role } from '@shared/constants/roles';
import { t } from '../../i18n/app';

/**
 * A role's name and its one line from the role matrix of DESIGN.md §4, in the reader's language
 * (`users:roles.<role>.*`). Called while drawing, so a change of language redraws them.
 */
export const roleLabel = (role: Role): string => t(`users:roles.${role}.label`);
export const roleDescription = (role: Role): string => t(`users:roles.${role}.description`);
