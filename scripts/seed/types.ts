/** Types shared by the seed's data files and its insert step. */
import type { Reader } from '@/server/db';

/** The handle `transaction(...)` passes to its callback (either engine); inserts go through it. */
export type SeedWriter = Reader;

/** How long before the seed runs something happened, in milliseconds. */
export type Age = number;

export type ArticleSeed = {
	kind: 'news' | 'education';
	title: string;
	excerpt: string;
	/** Markdown. Links written as `platform:{slug}` become `/platforms/{id}` when inserted. */
	content: string;
	category: string;
	imageUrl: string | null;
	tags: string[];
	readTime: number;
	isPublished: boolean;
	created: Age;
	/** When it was last edited; defaults to `created`. */
	updated?: Age;
};
