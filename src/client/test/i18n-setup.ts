import { i18nReady } from '../i18n/app';

// Components under test draw their text from the English catalogues, as a first visit does.
await i18nReady;
