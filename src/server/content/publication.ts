/**
 * The publication rules articles and episodes share: published now (no schedule), a draft
 * scheduled for a time still to come (scheduled-publishing.ts publishes it then), or a plain
 * draft; and the refusal of a save made over another editor's newer one.
 */
import { PUBLISH_AT_PAST } from '@/lib/validation/content';
import { Conflict, InvalidInput } from '@/server/errors';

type Publication = { isPublished: boolean; publishAt: Date | null };

/** The publication fields as stored; a schedule already due is refused (publish now instead). */
export function publication<T extends Publication>(input: T, now: Date): T {
	if (input.isPublished || !input.publishAt) return { ...input, publishAt: null };
	if (input.publishAt.getTime() <= now.getTime()) throw new InvalidInput(PUBLISH_AT_PAST, 'publishAt');
	return input;
}

/** A UTC time as a person reads it in a message the server writes without knowing their zone. */
function readableUtc(date: Date): string {
	return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Another editor saved the item after this editor loaded it: the save is refused rather than
 * overwriting theirs, and the dialog keeps the typed text.
 */
export function editConflict(what: string, savedAt: Date): Conflict {
	return new Conflict(
		`Someone else saved this ${what} at ${readableUtc(savedAt)}. Reload to see their version; your text is kept here.`,
		'expectedUpdatedAt',
	);
}

/** True when the stored updatedAt is not the one the editor loaded (dates to the millisecond). */
export function savedSince(stored: Date, expected: Date | undefined): boolean {
	return expected !== undefined && stored.getTime() !== expected.getTime();
}
