/** The languages of the product's screens, e-mails and exports (a module without dependencies). */
export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
