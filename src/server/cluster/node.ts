import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/** This process among the nodes sharing the database: host, process id and a random part. */
export const NODE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
