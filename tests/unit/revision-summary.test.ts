/** The sentence and the diff a revision carries: what changed from the save before, in an editor's words. */
import { describe, expect, it } from 'vitest';
import { fieldLabel, revisionDiff, revisionSummary } from '@/server/revisions/store';

const before = { title: 'Old', content: 'Text', tags: ['a'], isPublished: false, imageUrl: null };

describe('revisionSummary', () => {
	it('names a creation, a first save and a restore', () => {
		expect(revisionSummary(undefined, before, { created: true })).toBe('Created');
		expect(revisionSummary(undefined, { ...before, isPublished: true }, { created: true })).toBe(
			'Created and published',
		);
		expect(revisionSummary(undefined, before)).toBe('Saved');
		expect(revisionSummary(before, { ...before, title: 'New' }, { restoredFrom: 12 })).toBe(
			'Restored revision 12',
		);
	});

	it('names the publish switch first, then the changed fields in the form order', () => {
		expect(revisionSummary(before, { ...before, isPublished: true })).toBe('Published');
		expect(revisionSummary({ ...before, isPublished: true }, before)).toBe('Unpublished');
		expect(revisionSummary(before, { ...before, content: 'New', title: 'New' })).toBe(
			'Title, Content changed',
		);
		expect(revisionSummary(before, { ...before, isPublished: true, imageUrl: '/x.png', tags: ['b'] })).toBe(
			'Published; Tags, Image changed',
		);
		expect(revisionSummary(before, { ...before })).toBe('Saved without changes');
	});
});

describe('revisionDiff', () => {
	it('gives each changed field whole, before and after, with its label', () => {
		expect(revisionDiff(before, { ...before, tags: ['a', 'b'], imageUrl: '' })).toEqual([
			{ field: 'tags', label: 'Tags', from: ['a'], to: ['a', 'b'] },
			{ field: 'imageUrl', label: 'Image', from: null, to: '' },
		]);
		// A field missing on one side counts as empty.
		expect(revisionDiff({ title: 'T' }, { title: 'T', publishAt: null })).toEqual([]);
	});

	it('against nothing, lists every field that has a value', () => {
		expect(revisionDiff(undefined, { title: 'T', imageUrl: null }).map((change) => change.field)).toEqual([
			'title',
		]);
	});
});

describe('fieldLabel', () => {
	it('uses the form words', () => {
		expect(['websiteUrl', 'sortOrder', 'episodeNumber', 'pricing', 'somethingNew'].map(fieldLabel)).toEqual([
			'Website',
			'Sort order',
			'Episode number',
			'Pricing',
			'Something new',
		]);
	});
});
