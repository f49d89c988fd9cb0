/**
 * Session storage and sliding expiry, against a real (temporary) SQLite database and with the
 * clock passed in, so expiry is exact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, db, sessions, users } from '@/server/db';
import {
	SESSION_ABSOLUTE_LIFETIME_MS,
	SESSION_LIFETIME_MS,
	createSession,
	deleteExpiredSessions,
	invalidateSession,
	invalidateUserSessions,
	validateSessionToken,
} from '@/server/auth/session';
import { hashToken } from '@/server/auth/tokens';
import { testDatabaseSettings } from '../support/postgres-databases';

const dir = mkdtempSync(join(tmpdir(), 'rmh-unit-session-'));
let database: Awaited<ReturnType<typeof testDatabaseSettings>>;

const DAY = 86_400_000;
const T0 = Date.UTC(2030, 0, 1);
let counter = 0;

async function newUser(overrides: { isBanned?: boolean } = {}) {
	counter += 1;
	const [user] = await db()
		.insert(users)
		.values({
			email: `s${counter}@example.com`,
			username: `s${counter}`,
			passwordHash: 'not-used',
			...overrides,
		})
		.returning();
	return user!;
}

function rows(userId: number) {
	return db().select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.id);
}

beforeAll(async () => {
	database = await testDatabaseSettings(dir);
	Object.assign(process.env, database.env);
	db();
});

afterAll(async () => {
	await closeDatabase();
	await database?.close();
	rmSync(dir, { recursive: true, force: true });
});

describe('createSession', () => {
	it('returns a fresh token and stores only its hash, valid for 30 days', async () => {
		const user = await newUser();
		const { token, session } = await createSession(user.id, T0);
		expect(token).toMatch(/^[a-z2-7]{32}$/);
		expect(session).toEqual({
			id: hashToken(token),
			userId: user.id,
			expiresAt: new Date(T0 + 30 * DAY),
			createdAt: new Date(T0),
		});
		expect(SESSION_LIFETIME_MS).toBe(30 * DAY);
		expect(await rows(user.id)).toEqual([session]);
	});
});

describe('validateSessionToken', () => {
	it('finds the session and its public user', async () => {
		const user = await newUser();
		const { token } = await createSession(user.id, T0);
		const found = await validateSessionToken(token, T0 + 1000);
		expect(found).not.toBeNull();
		expect(found!.extended).toBe(false);
		expect(found!.user).toEqual({
			id: user.id,
			username: user.username,
			displayName: null,
			email: user.email,
			role: 'user',
			isBanned: false,
			isNewsletterSubscribed: false,
			emailVerified: user.emailVerified,
			createdAt: user.createdAt,
			vendorPlatformId: null,
		});
		expect(found!.user).not.toHaveProperty('passwordHash');
	});

	it('on an ordinary request, reuses its prepared lookup and writes nothing', async () => {
		const user = await newUser();
		const { token } = await createSession(user.id, T0);
		await validateSessionToken(token, T0 + 1000);
		const connection = db();
		const built = [
			vi.spyOn(connection, 'select'),
			vi.spyOn(connection, 'update'),
			vi.spyOn(connection, 'delete'),
		];
		try {
			for (let i = 0; i < 3; i++) expect(await validateSessionToken(token, T0 + 2000 + i)).not.toBeNull();
			for (const spy of built) expect(spy).not.toHaveBeenCalled();
		} finally {
			for (const spy of built) spy.mockRestore();
		}
	});

	it('answers null to an unknown token', async () => {
		expect(await validateSessionToken('a'.repeat(32), T0)).toBeNull();
	});

	it('keeps the expiry during the first half of the lifetime', async () => {
		const user = await newUser();
		const { token } = await createSession(user.id, T0);
		const found = await validateSessionToken(token, T0 + 15 * DAY - 1);
		expect(found!.extended).toBe(false);
		expect((await rows(user.id))[0]!.expiresAt.getTime()).toBe(T0 + 30 * DAY);
	});

	it('extends the session to 30 days from now in the second half (sliding expiry)', async () => {
		const user = await newUser();
		const { token } = await createSession(user.id, T0);
		const now = T0 + 20 * DAY;
		const found = await validateSessionToken(token, now);
		expect(found!.extended).toBe(true);
		expect(found!.session.expiresAt.getTime()).toBe(now + 30 * DAY);
		expect((await rows(user.id))[0]!.expiresAt.getTime()).toBe(now + 30 * DAY);
	});

	it('never extends a session past 90 days from its start, and refuses it then', async () => {
		const user = await newUser();
		const { token } = await createSession(user.id, T0);
		let now = T0;
		// Used every 20 days: each use in the second half extends it, up to the absolute end.
		for (let i = 0; i < 4; i++) {
			now += 20 * DAY;
			const found = await validateSessionToken(token, now);
			expect(found, `use ${i + 1}`).not.toBeNull();
			expect(found!.session.expiresAt.getTime()).toBeLessThanOrEqual(T0 + SESSION_ABSOLUTE_LIFETIME_MS);
		}
		expect(await validateSessionToken(token, T0 + 90 * DAY - 1)).not.toBeNull();
		expect(await validateSessionToken(token, T0 + 90 * DAY)).toBeNull();
		expect(await rows(user.id)).toEqual([]);
		expect(SESSION_ABSOLUTE_LIFETIME_MS).toBe(90 * DAY);
	});

	it('counts a row stored without its start as ended (fails closed)', async () => {
		const user = await newUser();
		const token = 'startless-session-token';
		await db()
			.insert(sessions)
			.values({ id: hashToken(token), userId: user.id, expiresAt: new Date(T0 + DAY) });
		expect(await validateSessionToken(token, T0)).toBeNull();
		expect(await rows(user.id)).toEqual([]);
	});

	it('refuses and deletes an expired session', async () => {
		const user = await newUser();
		const { token } = await createSession(user.id, T0);
		expect(await validateSessionToken(token, T0 + 30 * DAY)).toBeNull();
		expect(await rows(user.id)).toHaveLength(0);
	});

	it('refuses and deletes the session of a banned user', async () => {
		const user = await newUser();
		const { token } = await createSession(user.id, T0);
		await db().update(users).set({ isBanned: true }).where(eq(users.id, user.id));
		expect(await validateSessionToken(token, T0 + 1000)).toBeNull();
		expect(await rows(user.id)).toHaveLength(0);
	});

	it('does not accept the stored hash in place of the token', async () => {
		const user = await newUser();
		const { session } = await createSession(user.id, T0);
		expect(await validateSessionToken(session.id, T0 + 1000)).toBeNull();
	});
});

describe('ending sessions', () => {
	it('invalidateSession ends one session', async () => {
		const user = await newUser();
		const a = await createSession(user.id, T0);
		const b = await createSession(user.id, T0);
		await invalidateSession(a.session.id);
		expect(await validateSessionToken(a.token, T0 + 1)).toBeNull();
		expect(await validateSessionToken(b.token, T0 + 1)).not.toBeNull();
	});

	it("invalidateUserSessions ends all of a user's sessions, or all but one", async () => {
		const user = await newUser();
		const other = await newUser();
		const keep = await createSession(user.id, T0);
		await createSession(user.id, T0);
		await createSession(user.id, T0);
		const stranger = await createSession(other.id, T0);

		await invalidateUserSessions(user.id, keep.session.id);
		expect((await rows(user.id)).map((row) => row.id)).toEqual([keep.session.id]);

		await invalidateUserSessions(user.id);
		expect(await rows(user.id)).toHaveLength(0);
		expect((await rows(other.id)).map((row) => row.id)).toEqual([stranger.session.id]);
	});

	it('deleteExpiredSessions removes only expired sessions', async () => {
		const user = await newUser();
		const old = await createSession(user.id, T0 - 31 * DAY);
		const current = await createSession(user.id, T0);
		await deleteExpiredSessions(T0);
		const ids = (await rows(user.id)).map((row) => row.id);
		expect(ids).toEqual([current.session.id]);
		expect(ids).not.toContain(old.session.id);
	});

	it('sessions go when their user is deleted', async () => {
		const user = await newUser();
		await createSession(user.id, T0);
		await db().delete(users).where(eq(users.id, user.id));
		expect(await rows(user.id)).toHaveLength(0);
	});
});
