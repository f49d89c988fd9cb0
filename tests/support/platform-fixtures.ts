/**
 * Arrangements shared by the platform and community API tests: roles set straight in the
 * database, and platforms created through the admin API as an editor would.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestServer } from './server';
import { registerUser, type Registered } from './account-api';

let platformCounter = 0;

/** A valid platform form with a unique name. */
export function platformInput(overrides: Record<string, unknown> = {}) {
	platformCounter += 1;
	return {
		name: `Platform ${process.pid}-${platformCounter}`,
		category: 'DSP',
		description: 'A demand-side platform for retail media.',
		pricing: 'CPM',
		logo: '/images/logos/example.svg',
		websiteUrl: 'https://example.com',
		features: ['Self-serve', 'API'],
		pros: ['Fast'],
		cons: ['Pricey'],
		isRecommended: false,
		sortOrder: 0,
		...overrides,
	};
}

export async function registerEditor(server: TestServer): Promise<Registered> {
	const editor = await registerUser(server);
	const { users } = server.tables;
	await server.db.update(users).set({ role: 'editor' }).where(eq(users.id, editor.id));
	return editor;
}

/** Registers a user (signed in on its client) whose address is then confirmed in the database. */
export async function registerVerified(server: TestServer): Promise<Registered> {
	const user = await registerUser(server);
	const { users } = server.tables;
	await server.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
	return user;
}

/** Registers a user (signed in on its client) and then bans them in the database. */
export async function registerBanned(server: TestServer): Promise<Registered> {
	const banned = await registerUser(server);
	const { users } = server.tables;
	await server.db.update(users).set({ isBanned: true }).where(eq(users.id, banned.id));
	return banned;
}

/** Creates a platform through POST /api/admin/platforms and returns its JSON. */
export async function createPlatform(editor: Registered, overrides: Record<string, unknown> = {}) {
	const answer = await editor.client.post('/api/admin/platforms', platformInput(overrides));
	expect(answer.status, JSON.stringify(answer.body)).toBe(201);
	return answer.body as { id: number; slug: string; name: string; [key: string]: unknown };
}

export const PLATFORM_FIELDS = [
	'category',
	'cons',
	'description',
	'features',
	'id',
	'isClaimed',
	'isRecommended',
	'logo',
	'metaDescription',
	'metaTitle',
	'name',
	'pricing',
	'pros',
	'rating',
	'reviewCount',
	'score',
	'slug',
	'sortOrder',
	'websiteUrl',
];

/** Average rounded half up to two decimals, the rule the rating service keeps. */
export function expectedAverage(ratings: number[]): number {
	const sum = ratings.reduce((a, b) => a + b, 0);
	return ratings.length === 0 ? 0 : Math.round((sum * 100) / ratings.length) / 100;
}
