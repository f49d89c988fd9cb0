import { randomUUID } from 'node:crypto';
import { slugFromTitle } from '@/lib/slugs';

/**
 * A slug for an item a test writes straight into the database: its title's, made unique with a
 * random tail (tests that insert the same title twice, or several files' items in one database).
 */
export function testSlug(title: string): string {
	return `${slugFromTitle(title, 'news')?.slice(0, 60) ?? 'item'}-${randomUUID().slice(0, 8)}`;
}
