/**
 * The transaction a callback runs in, so a transaction() called inside another's callback joins
 * it instead of waiting on itself (both engines).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Reader } from './types';

export const openTransaction = new AsyncLocalStorage<Reader>();
