// Every table of the application. Each feature keeps its tables in a file of its own here.
export * from './core';
