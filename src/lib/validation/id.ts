/** A record id in a JSON body, held to the one id rule (src/lib/ids.ts). */
import { z } from 'zod';
import { isId } from '@/lib/ids';

export function idField(message: string) {
	return z.number({ error: message }).refine(isId, message);
}
