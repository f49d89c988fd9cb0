/**
 * What reopening an editor offers back from kept text (restoreOffer in
 * src/components/dashboard/autosave.ts): all of it on the version it was typed on; on a version
 * saved since, only the fields the editor changed, so another editor's save of the others stays.
 */
import { describe, expect, it } from 'vitest';
import { restoreOffer } from '@/components/dashboard/autosave';

const V1 = '2026-12-06T10:00:00.000Z';
const V2 = '2026-12-06T10:05:00.000Z';
const loadedAtV1 = { title: 'Shared', excerpt: 'Old excerpt', content: 'Body.' };

describe('restoreOffer', () => {
	it('brings back all the kept text on the version it was typed on', () => {
		const kept = { ...loadedAtV1, content: 'Body. And a line.' };
		const offer = restoreOffer(
			{ values: kept, savedAt: 1, base: loadedAtV1, baseVersion: V1 },
			loadedAtV1,
			V1,
		);
		expect(offer).toEqual({ savedAt: 1, values: kept, changedFields: null });
	});

	it('brings back only the changed fields onto a version saved since, keeping the other editor’s', () => {
		const kept = { ...loadedAtV1, content: 'Body. And a line.' };
		const loadedAtV2 = { ...loadedAtV1, excerpt: 'New excerpt by A' };
		const offer = restoreOffer(
			{ values: kept, savedAt: 1, base: loadedAtV1, baseVersion: V1 },
			loadedAtV2,
			V2,
		);
		expect(offer).toEqual({
			savedAt: 1,
			values: { title: 'Shared', excerpt: 'New excerpt by A', content: 'Body. And a line.' },
			changedFields: ['content'],
		});
	});

	it('offers nothing when what was changed is what is now saved', () => {
		const kept = { ...loadedAtV1, content: 'Body. And a line.' };
		const saved = { ...kept };
		expect(
			restoreOffer({ values: kept, savedAt: 1, base: loadedAtV1, baseVersion: V1 }, saved, V2),
		).toBeNull();
		expect(restoreOffer({ values: kept, savedAt: 1, base: kept, baseVersion: V2 }, kept, V2)).toBeNull();
	});

	it('treats text kept before versions were remembered as typed on the loaded version', () => {
		const kept = { ...loadedAtV1, content: 'Older shape.' };
		expect(restoreOffer({ values: kept, savedAt: 1 }, loadedAtV1, V2)?.values).toEqual(kept);
	});

	it('keeps a new item’s text whole (no version on either side)', () => {
		const empty = { title: '', excerpt: '', content: '' };
		const kept = { title: 'New', excerpt: '', content: 'Typed.' };
		expect(
			restoreOffer({ values: kept, savedAt: 1, base: empty, baseVersion: null }, empty, null)?.values,
		).toEqual(kept);
	});
});
