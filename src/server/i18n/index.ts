import i18next from 'i18next';
import { LANGUAGES, preferences, type Language } from '@shared/api/preferences';
import enAuditLog from './locales/en/audit-log.json';
import enAuditReport from './locales/en/audit-report.json';
import enChecklistReport from './locales/en/checklist-report.json';
import enDocumentReview from './locales/en/document-review.json';
import enInstructorFile from './locales/en/instructor-file.json';
import enMail from './locales/en/mail.json';
import enNotifications from './locales/en/notifications.json';
import enRegulatoryExport from './locales/en/regulatory-export.json';
import enReportDocuments from './locales/en/report-documents.json';
import enReports from './locales/en/reports.json';
import enSupport from './locales/en/support.json';
import esAuditLog from './locales/es/audit-log.json';
import esAuditReport from './locales/es/audit-report.json';
import esChecklistReport from './locales/es/checklist-report.json';
import esDocumentReview from './locales/es/document-review.json';
import esInstructorFile from './locales/es/instructor-file.json';
import esMail from './locales/es/mail.json';
import esNotifications from './locales/es/notifications.json';
import esRegulatoryExport from './locales/es/regulatory-export.json';
import esReportDocuments from './locales/es/report-documents.json';
import esReports from './locales/es/reports.json';
import esSupport from './locales/es/support.json';
import frAuditLog from './locales/fr/audit-log.json';
import frAuditReport from './locales/fr/audit-report.json';
import frChecklistReport from './locales/fr/checklist-report.json';
import frDocumentReview from './locales/fr/document-review.json';
import frInstructorFile from './locales/fr/instructor-file.json';
import frMail from './locales/fr/mail.json';
import frNotifications from './locales/fr/notifications.json';
import frRegulatoryExport from './locales/fr/regulatory-export.json';
import frReportDocuments from './locales/fr/report-documents.json';
import frReports from './locales/fr/reports.json';
import frSupport from './locales/fr/support.json';

/**
 * What the server writes for a person to read (e-mails, notifications, the headings and labels
 * of exports), in that person's language: one catalogue per area in `locales/<language>/<ns>.json`,
 * English the spec's text word for word. The catalogues are imported, so they travel in the
 * bundle (scripts/build-server.mjs) and are there before the first request. Regulation text,
 * checklist items, document text and what users typed are not in catalogues and stay as written.
 */
const resources = {
  en: {
    'audit-log': enAuditLog,
    'audit-report': enAuditReport,
    'checklist-report': enChecklistReport,
    'document-review': enDocumentReview,
    'instructor-file': enInstructorFile,
    mail: enMail,
    notifications: enNotifications,
    'regulatory-export': enRegulatoryExport,
    'report-documents': enReportDocuments,
    reports: enReports,
    support: enSupport,
  },
  es: {
    'audit-log': esAuditLog,
    'audit-report': esAuditReport,
    'checklist-report': esChecklistReport,
    'document-review': esDocumentReview,
    'instructor-file': esInstructorFile,
    mail: esMail,
    notifications: esNotifications,
    'regulatory-export': esRegulatoryExport,
    'report-documents': esReportDocuments,
    reports: esReports,
    support: esSupport,
  },
  fr: {
    'audit-log': frAuditLog,
    'audit-report': frAuditReport,
    'checklist-report': frChecklistReport,
    'document-review': frDocumentReview,
    'instructor-file': frInstructorFile,
    mail: frMail,
    notifications: frNotifications,
    'regulatory-export': frRegulatoryExport,
    'report-documents': frReportDocuments,
    reports: frReports,
    support: frSupport,
  },
} satisfies Record<Language, Record<string, unknown>>;

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];

/** A `t` fixed to one language and namespace: `t('invitation.subject', { organization })`. */
export type Text = (key: string, values?: Record<string, unknown>) => string;

// fr writes a narrow no-break space (U+202F) in numbers; the PDFs' font has no glyph for it.
const NARROW_NBSP = /\u202f/g;
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(language: Language, percent: boolean): Intl.NumberFormat {
  const key = `${language}:${percent}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      // English as the files have always printed it (1234, 42%); es/fr group as their readers do.
      useGrouping: language === 'en' ? false : 'auto',
      ...(percent ? { style: 'percent', maximumFractionDigits: 0 } : {}),
    });
    numberFormats.set(key, format);
  }
  return format;
}

const asLanguage = (lng: string | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(lng ?? '') ? (lng as Language) : 'en';

/** `1 234` (fr), `12.345` (es), `1234` (en). */
export function formatNumber(language: Language, value: number): string {
  return numberFormat(language, false).format(value).replace(NARROW_NBSP, '\u00a0');
}

/** A whole percentage (0–100): `42%` (en), `42 %` (es, fr). */
export function formatPercent(language: Language, value: number): string {
  return numberFormat(language, true)
    .format(value / 100)
    .replace(NARROW_NBSP, '\u00a0');
}

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: NAMESPACES,
  defaultNS: false,
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
});
// `{{count, number}}`, `{{percent, percent}}` and `{{type, lowercase}}` in the catalogues.
i18n.services.formatter?.add('number', (value, lng) =>
  formatNumber(asLanguage(lng), Number(value)),
);
i18n.services.formatter?.add('percent', (value, lng) =>
  formatPercent(asLanguage(lng), Number(value)),
);
i18n.services.formatter?.add('lowercase', (value) => String(value).toLowerCase());

const fixed = new Map<string, Text>();

/** The text of one namespace in `language`; the same function for every call with the same pair. */
export function textFor(language: Language, namespace: Namespace): Text {
  const key = `${language}:${namespace}`;
  let text = fixed.get(key);
  if (!text) {
    const t = i18n.getFixedT(language, namespace);
    text = (k, values) => String((t as (k: string, v?: object) => unknown)(k, values ?? {}));
    fixed.set(key, text);
  }
  return text;
}

/**
 * The language a user chose (Settings → System Preferences), read from the stored JSON of
 * `users.preferences`; null when they never chose one (an invitee who has not signed in yet).
 */
export function chosenLanguage(stored: unknown): Language | null {
  const raw =
    typeof stored === 'object' && stored !== null ? (stored as { language?: unknown }) : {};
  const parsed = preferences.shape.language.safeParse(raw.language);
  return parsed.success ? parsed.data : null;
}

/** The language to write in for a user: their choice, English by default. */
export function languageOf(stored: unknown): Language {
  return chosenLanguage(stored) ?? 'en';
}

/**
 * Everything a file made for one reader needs to be written in their language: the catalogue
 * text of one namespace and the numbers as they write them.
 */
export interface ReaderText {
  language: Language;
  t: Text;
  number: (value: number) => string;
  percent: (value: number) => string;
}

export function readerText(language: Language, namespace: Namespace): ReaderText {
  return {
    language,
    t: textFor(language, namespace),
    number: (value) => formatNumber(language, value),
    percent: (value) => formatPercent(language, value),
  };
}
