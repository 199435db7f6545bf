// Every table of the application. Each feature keeps its tables in a file of its own here.
export * from './core';
export * from './documents';
export * from './jobs';
export * from './storage';
export * from './ledger';
export * from './training-events';
export * from './checklist';
export * from './document-generation';
export * from './audit';
export * from './regulatory';
export * from './links';
export * from './instructors';
export * from './fleet';
export * from './auth';
export * from './system';
export * from './reports';
export * from './auditor-access';
