// This process's name in the job queue's `locked_by`: unique per process, so a lease names the
// node that holds it even when two nodes share a host.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

const name = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export const nodeName = () => name;

/** The same name as a constant. */
export const NODE_NAME = name;
