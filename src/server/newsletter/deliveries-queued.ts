/**
 * "Deliveries were queued": the issues service emits it, this process's sender (worker.ts)
 * listens, so the service needs no import of the sender.
 */
import { signal } from '@/server/changes/signal';

export const deliveriesQueued = signal('newsletter deliveries queued');
