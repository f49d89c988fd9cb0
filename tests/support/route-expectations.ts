/**
 * The authorization matrix: for every API route and method, the status each role gets
 * with a VALID request, so the caller's permission is the only thing that varies. The matrix
 * test fails for a route file without an entry here, and for an entry without a route file.
 *
 * Roles: anonymous (no session), user (the demo user, "A"), banned (a session whose account
 * was banned: the session middleware refuses it, so mostly 401; at sign-in 403), other (a
 * second user, "B": acting on A's things must never change A's data) and editor.
 *
 * `call` builds the request right before it is sent (fresh targets for anything a successful
 * call consumes: deletes, moderation, bans). `fresh` entries act through a throwaway persona of
 * the role, because the call changes the caller's own session or credentials.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ApiAnswer } from './http';
import type { TestServer } from './server';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { firstRow } from '@/server/db';
import type { Method, Persona, Role } from './security-roles';
import { insertAudioRow, mp3Audio, plainPng, uploadForm } from './media-fixtures';
import { testSlug } from './slugs';

export type Fixture = {
	server: TestServer;
	personas: Record<Role, Persona>;
	/** Records that stay for the whole run. */
	ids: {
		platform: number;
		news: number;
		education: number;
		/** A seeded approved comment by a community member; A has voted 'helpful' on it. */
		votedComment: number;
		/** A's own approved comment. */
		ownComment: number;
		/** A seeded review by a community member; A has voted 'helpful' on it. */
		votedReview: number;
		/** A published podcast episode. */
		episode: number;
	};
	newArticle(kind: 'news' | 'education'): Promise<number>;
	newPlatform(): Promise<number>;
	/** A published podcast episode, to be deleted. */
	newEpisode(): Promise<number>;
	/** A pending comment by A on the fixture platform. */
	newPendingComment(): Promise<number>;
	newUser(options?: { isBanned?: boolean }): Promise<{ id: number; email: string }>;
	/** A valid, unused password reset token of a throwaway account. */
	newResetToken(): Promise<string>;
	/** A valid, unused address verification token of a throwaway, unverified account. */
	newVerificationToken(): Promise<string>;
	/** A valid, unused work-email link token of the given account. */
	newWorkEmailToken(userId: number): Promise<string>;
	/** A review of the fixture platform (A represents it) by a throwaway account. */
	newReview(options?: { withReply?: boolean }): Promise<number>;
	/** The vote of a user on a review, read from the database. */
	reviewVoteOf(ratingId: number, userId: number): Promise<string | null>;
	/** The vote of a user on a comment, read from the database. */
	voteOf(commentId: number, userId: number): Promise<string | null>;
	uniqueEmail(): string;
	articleBody(kind: 'news' | 'education'): Record<string, unknown>;
	platformBody(): Record<string, unknown>;
	episodeBody(): Record<string, unknown>;
};

export type Call = { path: string; body?: unknown };

export type Expectation = {
	route: string;
	method: Method;
	expect: Record<Role, number>;
	/** Act through a new persona of the role for each call (the call changes the caller). */
	fresh?: boolean;
	call: (fx: Fixture, persona: Persona) => Call | Promise<Call>;
	/** Further checks of a successful answer. */
	check?: (answer: ApiAnswer, fx: Fixture, persona: Persona) => void | Promise<void>;
};

/** An email change of the persona's account waiting for its link, as PUT /api/profile/email leaves it. */
async function waitingEmailChange(fx: Fixture, persona: Persona): Promise<void> {
	await fx.server.db.insert(fx.server.tables.emailVerificationTokens).values({
		id: hashToken(generateToken()),
		userId: persona.id,
		email: fx.uniqueEmail(),
		expiresAt: new Date(Date.now() + 3_600_000),
	});
}

const all = (status: number): Record<Role, number> => ({
	anonymous: status,
	banned: status,
	other: status,
	user: status,
	editor: status,
});

/** Needs a session of an account that is not banned. */
const signedIn = (ok: number): Record<Role, number> => ({
	anonymous: 401,
	banned: 401,
	other: ok,
	user: ok,
	editor: ok,
});

/** Editors only. */
const editorOnly = (ok: number): Record<Role, number> => ({
	anonymous: 401,
	banned: 401,
	other: 403,
	user: 403,
	editor: ok,
});

/** A successful answer about "me" is about the caller, never someone else. */
const isCaller = (answer: ApiAnswer, _fx: Fixture, persona: Persona) => {
	expect(answer.body.id).toBe(persona.id);
	expect(answer.body.email).toBe(persona.email);
};

const articleEntries = (kind: 'news' | 'education'): Expectation[] => [
	{
		route: `/api/${kind}`,
		method: 'GET',
		expect: all(200),
		call: () => ({ path: `/api/${kind}` }),
		check: (answer) => {
			expect(Array.isArray(answer.body)).toBe(true);
			expect(answer.body.every((a: { isPublished: boolean }) => a.isPublished)).toBe(true);
		},
	},
	{
		route: `/api/${kind}`,
		method: 'POST',
		expect: editorOnly(201),
		call: (fx) => ({ path: `/api/${kind}`, body: fx.articleBody(kind) }),
	},
	{
		route: `/api/${kind}/all`,
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: `/api/${kind}/all` }),
	},
	{
		route: `/api/${kind}/{id}`,
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/${kind}/${fx.ids[kind]}` }),
	},
	{
		route: `/api/${kind}/{id}`,
		method: 'PUT',
		expect: editorOnly(200),
		call: (fx) => ({ path: `/api/${kind}/${fx.ids[kind]}`, body: fx.articleBody(kind) }),
	},
	{
		route: `/api/${kind}/{id}`,
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/${kind}/${await fx.newArticle(kind)}` }),
	},
];

export const EXPECTATIONS: Expectation[] = [
	// ------------------------------------------------------------ session and account
	{
		route: '/api/user',
		method: 'GET',
		expect: signedIn(200),
		call: () => ({ path: '/api/user' }),
		check: isCaller,
	},
	{
		route: '/api/login',
		method: 'POST',
		// A banned account's right password meets the ban message, not a session.
		expect: { ...all(200), banned: 403 },
		fresh: true,
		call: (_fx, persona) => ({
			path: '/api/login',
			body: { email: persona.email, password: persona.password },
		}),
		check: isCaller,
	},
	{
		route: '/api/register',
		method: 'POST',
		expect: all(201),
		fresh: true,
		call: (fx) => {
			const email = fx.uniqueEmail();
			return {
				path: '/api/register',
				body: { email, username: email.split('@')[0], password: 'register-pass-1' },
			};
		},
		check: (answer, _fx, persona) => {
			// The new account, never the caller's: registering does not touch who you were.
			expect(answer.body.id).not.toBe(persona.id);
			expect(answer.body.role).toBe('user');
		},
	},
	{
		route: '/api/logout',
		method: 'POST',
		expect: all(200),
		fresh: true,
		call: () => ({ path: '/api/logout' }),
		check: async (_answer, _fx, persona) => {
			expect((await persona.client.get('/api/user')).status).toBe(401);
		},
	},
	{
		route: '/api/auth/forgot-password',
		method: 'POST',
		expect: all(200),
		call: (fx) => ({ path: '/api/auth/forgot-password', body: { email: fx.uniqueEmail() } }),
	},
	{
		route: '/api/auth/reset-password',
		method: 'POST',
		expect: all(200),
		call: async (fx) => ({
			path: '/api/auth/reset-password',
			body: { token: await fx.newResetToken(), newPassword: 'reset-pass-123' },
		}),
	},
	{
		route: '/api/profile/email',
		method: 'PUT',
		expect: signedIn(200),
		fresh: true,
		call: (fx, persona) => ({
			path: '/api/profile/email',
			body: { email: fx.uniqueEmail(), currentPassword: persona.password },
		}),
		check: async (answer, fx, persona) => {
			// Only asked for: the caller's address stays until the link mailed to the new one is used.
			expect(answer.body.pendingEmail).toMatch(/^new_/);
			const { users } = fx.server.tables;
			const row = await firstRow(
				fx.server.db.select({ email: users.email }).from(users).where(eq(users.id, persona.id)),
			);
			expect(row?.email).toBe(persona.email);
		},
	},
	{
		route: '/api/profile/email',
		method: 'GET',
		expect: signedIn(200),
		call: () => ({ path: '/api/profile/email' }),
		check: (answer) => expect(answer.body).toHaveProperty('pendingEmail'),
	},
	{
		route: '/api/profile/email',
		method: 'POST',
		expect: signedIn(200),
		// A change must wait first: each fresh persona asks for one, with its own mail limit.
		fresh: true,
		call: async (fx, persona) => {
			await waitingEmailChange(fx, persona);
			return { path: '/api/profile/email' };
		},
		check: (answer) => expect(answer.body.pendingEmail).toMatch(/^new_/),
	},
	{
		route: '/api/profile/email',
		method: 'DELETE',
		expect: signedIn(200),
		fresh: true,
		call: async (fx, persona) => {
			await waitingEmailChange(fx, persona);
			return { path: '/api/profile/email' };
		},
		check: (answer) => expect(answer.body.message).toMatch(/is cancelled/),
	},
	{
		route: '/api/auth/verify-email',
		method: 'POST',
		// The token is the proof; whoever holds it (with or without a session) confirms.
		expect: all(200),
		call: async (fx) => ({
			path: '/api/auth/verify-email',
			body: { token: await fx.newVerificationToken() },
		}),
	},
	{
		route: '/api/profile/work-email',
		method: 'POST',
		expect: signedIn(200),
		// Each fresh persona has its own per-account mail limit.
		fresh: true,
		call: () => ({
			path: '/api/profile/work-email',
			body: { email: `staff_${Date.now()}@acme-retail.test` },
		}),
		check: (answer) => expect(answer.body.message).toContain('@acme-retail.test'),
	},
	{
		route: '/api/profile/work-email',
		method: 'GET',
		expect: signedIn(200),
		call: () => ({ path: '/api/profile/work-email' }),
		check: (answer) => expect(answer.body).toHaveProperty('workEmail'),
	},
	{
		route: '/api/profile/work-email/confirm',
		method: 'POST',
		expect: signedIn(200),
		// The link works only for the account that asked for it: each persona gets its own.
		fresh: true,
		call: async (fx, persona) => ({
			path: '/api/profile/work-email/confirm',
			body: { token: await fx.newWorkEmailToken(persona.id) },
		}),
		check: (answer) => expect(answer.body.message).toMatch(/is verified/),
	},
	{
		route: '/api/profile/verification-mail',
		method: 'POST',
		expect: signedIn(200),
		// Fresh personas are unverified accounts, and each has its own per-account mail limit.
		fresh: true,
		call: () => ({ path: '/api/profile/verification-mail' }),
		check: (answer, _fx, persona) => expect(answer.body.message).toContain(persona.email),
	},
	{
		route: '/api/profile/password',
		method: 'PUT',
		expect: signedIn(200),
		fresh: true,
		call: (_fx, persona) => ({
			path: '/api/profile/password',
			body: { currentPassword: persona.password, newPassword: 'changed-pass-1' },
		}),
	},
	{
		route: '/api/profile/sessions',
		method: 'DELETE',
		expect: signedIn(200),
		fresh: true,
		call: () => ({ path: '/api/profile/sessions' }),
		check: async (_answer, _fx, persona) => {
			// "Sign out everywhere" ends the caller's own session too.
			expect((await persona.client.get('/api/user')).status).toBe(401);
		},
	},
	{
		route: '/api/profile/newsletter',
		method: 'PUT',
		expect: signedIn(200),
		call: () => ({ path: '/api/profile/newsletter', body: { isNewsletterSubscribed: true } }),
		check: isCaller,
	},
	{
		route: '/api/profile/display-name',
		method: 'PUT',
		expect: signedIn(200),
		call: () => ({ path: '/api/profile/display-name', body: { displayName: 'Matrix Name' } }),
		check: isCaller,
	},
	{
		route: '/api/newsletter/subscribe',
		method: 'POST',
		// Signed in: the account is subscribed (the address is not used). Signed out (a banned
		// session counts as none): the address gets a confirmation link.
		expect: { anonymous: 202, banned: 202, other: 200, user: 200, editor: 200 },
		call: (fx) => ({ path: '/api/newsletter/subscribe', body: { email: fx.uniqueEmail() } }),
		check: (answer, _fx, persona) =>
			answer.status === 202
				? expect(answer.body.message).toMatch(/check your inbox/)
				: expect(answer.body.user.id).toBe(persona.id),
	},
	{
		route: '/api/newsletter/confirm',
		method: 'POST',
		// The token, not a session, is the proof: anyone holding it may confirm.
		expect: all(200),
		call: async (fx) => ({ path: '/api/newsletter/confirm', body: { token: await confirmationToken(fx) } }),
	},

	// ------------------------------------------------------------ content
	...articleEntries('news'),
	...articleEntries('education'),
	{
		route: '/api/pages',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/pages' }),
	},
	{
		route: '/api/pages/{slug}',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/pages/about-us' }),
	},
	{
		route: '/api/pages/{slug}',
		method: 'PUT',
		expect: editorOnly(200),
		call: () => ({
			path: '/api/pages/contact',
			body: { title: 'Contact', content: 'Write to us.' },
		}),
	},
	{
		route: '/api/podcasts',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/podcasts' }),
		check: (answer) => {
			expect(answer.body.every((e: { isPublished: boolean }) => e.isPublished)).toBe(true);
		},
	},
	{
		route: '/api/podcasts',
		method: 'POST',
		expect: editorOnly(201),
		call: (fx) => ({ path: '/api/podcasts', body: fx.episodeBody() }),
	},
	{
		route: '/api/podcasts/all',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/podcasts/all' }),
	},
	{
		route: '/api/podcasts/{id}',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/podcasts/${fx.ids.episode}` }),
	},
	{
		route: '/api/podcasts/{id}',
		method: 'PUT',
		expect: editorOnly(200),
		call: (fx) => ({ path: `/api/podcasts/${fx.ids.episode}`, body: fx.episodeBody() }),
	},
	{
		route: '/api/podcasts/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/podcasts/${await fx.newEpisode()}` }),
	},
	{
		route: '/api/search',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/search?q=retail' }),
		check: (answer) => {
			expect(Object.keys(answer.body).sort()).toEqual([
				'education',
				'news',
				'pages',
				'platforms',
				'podcasts',
			]);
		},
	},
	{
		route: '/api/placeholder/{w}/{h}',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/placeholder/60/40' }),
	},
	// Any /api/ path no route matches: a JSON 404 for every method and role.
	...(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map(
		(method): Expectation => ({
			route: '/api/{...path}',
			method,
			expect: all(404),
			call: () => ({ path: '/api/nothing-here/at-all', body: method === 'GET' ? undefined : {} }),
			check: (answer) => expect(answer.body.message).toBe('No such API endpoint.'),
		}),
	),

	// ------------------------------------------------------------ platforms and community
	{
		route: '/api/platforms',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/platforms' }),
	},
	{
		route: '/api/platforms/{id}',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}` }),
	},
	{
		route: '/api/platforms/{id}/similar',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/similar` }),
		check: (answer, fx) => {
			expect(Array.isArray(answer.body)).toBe(true);
			expect(answer.body.map((platform: { id: number }) => platform.id)).not.toContain(fx.ids.platform);
		},
	},
	{
		route: '/api/platforms/{id}/history',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/history` }),
		check: (answer) => expect(Array.isArray(answer.body)).toBe(true),
	},
	{
		route: '/api/platforms/{id}/rating-trend',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/rating-trend` }),
		check: (answer) => expect(Array.isArray(answer.body)).toBe(true),
	},
	{
		route: '/api/platforms/{id}/themes',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/themes` }),
		check: (answer) => expect(Object.keys(answer.body).sort()).toEqual(['dislikes', 'likes']),
	},
	{
		route: '/api/leaders',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/leaders' }),
		check: (answer) => {
			expect(answer.body.quarter).toMatch(/^\d{4}-Q[1-4]$/);
			expect(Array.isArray(answer.body.categories)).toBe(true);
		},
	},
	{
		route: '/api/platforms/map',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/platforms/map' }),
		check: (answer, fx) =>
			expect(answer.body.map((point: { id: number }) => point.id)).toContain(fx.ids.platform),
	},
	{
		route: '/api/platforms/{id}/ratings',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/ratings` }),
	},
	{
		route: '/api/platforms/{id}/ratings',
		method: 'POST',
		// Every persona rated the platform during set-up, so rating again is an update (200);
		// A has since become its representative, who may not rate it.
		expect: { anonymous: 401, banned: 401, other: 200, user: 403, editor: 200 },
		call: (fx) => ({
			path: `/api/platforms/${fx.ids.platform}/ratings`,
			body: { rating: 2, review: 'Changed my mind.' },
		}),
		check: async (answer, fx, persona) => {
			expect(answer.body.rating.rating).toBe(2);
			// It is the caller's own rating that changed.
			const { platformRatings } = fx.server.tables;
			const row = await firstRow(
				fx.server.db
					.select({ userId: platformRatings.userId })
					.from(platformRatings)
					.where(eq(platformRatings.id, answer.body.rating.id)),
			);
			expect(row?.userId).toBe(persona.id);
		},
	},
	{
		route: '/api/platforms/{id}/comments',
		method: 'GET',
		expect: all(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/comments` }),
		check: (answer, _fx, persona) => {
			// Pending comments are shown to their author only; visitors see approved ones alone.
			const signedIn = persona.role !== 'anonymous' && persona.role !== 'banned';
			for (const comment of answer.body as Array<{
				status: string;
				user: { username: string } | null;
			}>) {
				if (comment.status === 'approved') continue;
				expect(signedIn, `a ${persona.role} visitor saw a ${comment.status} comment`).toBe(true);
				expect(comment.status).toBe('pending');
				expect(comment.user?.username).toBe(persona.username);
			}
		},
	},
	{
		route: '/api/platforms/{id}/comments',
		method: 'POST',
		expect: signedIn(201),
		call: (fx) => ({
			path: `/api/platforms/${fx.ids.platform}/comments`,
			body: { comment: 'A fair platform.' },
		}),
		check: (answer) => expect(answer.body.status).toBe('pending'),
	},
	{
		route: '/api/platforms/{id}/my-votes',
		method: 'GET',
		expect: signedIn(200),
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/my-votes` }),
		// Each user reads their own votes, pending comments and review, never A's.
		check: async (answer, fx, persona) => {
			expect(Object.keys(answer.body).sort()).toEqual([
				'comments',
				'ownReview',
				'pendingComments',
				'reviews',
			]);
			if (answer.body.ownReview) expect(answer.body.ownReview.user.username).toBe(persona.username);
			for (const comment of answer.body.pendingComments) {
				expect(comment.status).toBe('pending');
				expect(comment.user.username).toBe(persona.username);
			}
			for (const [id, voteType] of Object.entries(answer.body.comments))
				expect(voteType).toBe(await fx.voteOf(Number(id), persona.id));
			for (const [id, voteType] of Object.entries(answer.body.reviews))
				expect(voteType).toBe(await fx.reviewVoteOf(Number(id), persona.id));
		},
	},
	...(['POST', 'DELETE'] as const).map(
		(method): Expectation => ({
			route: '/api/platforms/{id}/follow',
			method,
			// B signed up through the API and has not confirmed the address, which following needs.
			expect: { anonymous: 401, banned: 401, other: 403, user: 200, editor: 200 },
			call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/follow` }),
			// The answer is the caller's own follows, with this platform in them after a follow.
			check: (answer, fx) =>
				expect(
					answer.body.follows.some((follow: { platformId: number }) => follow.platformId === fx.ids.platform),
				).toBe(method === 'POST'),
		}),
	),
	{
		route: '/api/profile/follows',
		method: 'GET',
		expect: signedIn(200),
		call: () => ({ path: '/api/profile/follows' }),
		check: (answer) => expect(Array.isArray(answer.body)).toBe(true),
	},
	{
		route: '/api/comments/{id}/vote',
		method: 'GET',
		expect: signedIn(200),
		call: (fx) => ({ path: `/api/comments/${fx.ids.votedComment}/vote` }),
		// Each user reads their own vote, never A's.
		check: async (answer, fx, persona) =>
			expect(answer.body.voteType).toBe(await fx.voteOf(fx.ids.votedComment, persona.id)),
	},
	{
		route: '/api/comments/{id}/vote',
		method: 'POST',
		expect: signedIn(200),
		call: (fx) => ({
			path: `/api/comments/${fx.ids.votedComment}/vote`,
			body: { voteType: 'unhelpful' },
		}),
		check: async (answer, fx, persona) =>
			expect(answer.body.voteType).toBe(await fx.voteOf(fx.ids.votedComment, persona.id)),
	},
	{
		route: '/api/ratings/{id}/vote',
		method: 'GET',
		expect: signedIn(200),
		call: (fx) => ({ path: `/api/ratings/${fx.ids.votedReview}/vote` }),
		// Each user reads their own vote, never A's.
		check: async (answer, fx, persona) =>
			expect(answer.body.voteType).toBe(await fx.reviewVoteOf(fx.ids.votedReview, persona.id)),
	},
	{
		route: '/api/ratings/{id}/vote',
		method: 'POST',
		// B signed up without confirming the address: review votes need a confirmed one.
		expect: { anonymous: 401, banned: 401, other: 403, user: 200, editor: 200 },
		call: (fx) => ({ path: `/api/ratings/${fx.ids.votedReview}/vote`, body: { voteType: 'unhelpful' } }),
		check: async (answer, fx, persona) =>
			expect(answer.body.voteType).toBe(await fx.reviewVoteOf(fx.ids.votedReview, persona.id)),
	},
	{
		// Review invitation links: only the platform's representative (A); editors are not its team.
		route: '/api/platforms/{id}/invitations',
		method: 'POST',
		expect: { anonymous: 401, banned: 401, other: 403, user: 201, editor: 403 },
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/invitations` }),
	},
	{
		route: '/api/platforms/{id}/invitations',
		method: 'GET',
		expect: { anonymous: 401, banned: 401, other: 403, user: 200, editor: 403 },
		call: (fx) => ({ path: `/api/platforms/${fx.ids.platform}/invitations` }),
	},
	{
		route: '/api/platforms/{id}/invitations/{invitationId}',
		method: 'DELETE',
		expect: { anonymous: 401, banned: 401, other: 403, user: 204, editor: 403 },
		call: async (fx) => {
			const made = await fx.personas.user.client.post(`/api/platforms/${fx.ids.platform}/invitations`);
			expect(made.status, JSON.stringify(made.body)).toBe(201);
			return { path: `/api/platforms/${fx.ids.platform}/invitations/${made.body.id}` };
		},
	},
	{
		// Only the platform's representative (A) replies; editors are not the platform's team.
		route: '/api/ratings/{id}/reply',
		method: 'POST',
		expect: { anonymous: 401, banned: 401, other: 403, user: 201, editor: 403 },
		call: async (fx) => ({
			path: `/api/ratings/${await fx.newReview()}/reply`,
			body: { content: 'Thank you.' },
		}),
	},
	{
		route: '/api/ratings/{id}/reply',
		method: 'DELETE',
		expect: { anonymous: 401, banned: 401, other: 403, user: 204, editor: 204 },
		call: async (fx) => ({ path: `/api/ratings/${await fx.newReview({ withReply: true })}/reply` }),
	},

	{
		// Authors delete their own review: each signed-in persona deletes one it just wrote.
		route: '/api/ratings/{id}',
		method: 'DELETE',
		expect: signedIn(204),
		call: async (fx, persona) => {
			const rated = await persona.client.post(`/api/platforms/${await fx.newPlatform()}/ratings`, {
				rating: 3,
			});
			return { path: `/api/ratings/${rated.status === 201 ? rated.body.rating.id : await fx.newReview()}` };
		},
	},
	{
		route: '/api/ratings/{id}/report',
		method: 'POST',
		// B signed up without confirming the address: reports need a confirmed one.
		expect: { anonymous: 401, banned: 401, other: 403, user: 202, editor: 202 },
		call: async (fx) => ({ path: `/api/ratings/${await fx.newReview()}/report`, body: { reason: 'Spam' } }),
	},

	// ------------------------------------------------------------ administration
	{
		route: '/api/admin/ratings',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/ratings?reported=1' }),
	},
	{
		route: '/api/admin/ratings/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/ratings/${await fx.newReview()}` }),
	},
	{
		route: '/api/admin/ratings/{id}/reports',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/ratings/${await fx.newReview()}/reports` }),
	},
	{
		route: '/api/admin/users/{id}/vendor',
		method: 'PUT',
		expect: editorOnly(200),
		call: async (fx) => ({
			path: `/api/admin/users/${(await fx.newUser()).id}/vendor`,
			body: { platformId: fx.ids.platform },
		}),
	},
	{
		route: '/api/admin/analytics',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/analytics?days=7' }),
	},
	{
		route: '/api/admin/analytics/views',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/analytics/views?days=7' }),
	},
	{
		route: '/api/events',
		method: 'POST',
		// Anyone's page view counts (the test client names no browser, so it is not counted: 204).
		expect: all(204),
		call: () => ({ path: '/api/events', body: { name: 'pageview', path: '/news', referrer: '' } }),
	},
	{
		route: '/api/admin/overview',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/overview' }),
	},
	{
		route: '/api/admin/markdown-preview',
		method: 'POST',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/markdown-preview', body: { content: '# Hello' } }),
	},
	{
		route: '/api/admin/previews',
		method: 'POST',
		expect: editorOnly(201),
		call: async (fixture) => ({
			path: '/api/admin/previews',
			body: { type: 'article', id: await fixture.newArticle('news') },
		}),
	},
	{
		route: '/api/admin/previews',
		method: 'GET',
		expect: editorOnly(200),
		call: (fx) => ({ path: `/api/admin/previews?type=article&id=${fx.ids.news}` }),
		check: (answer) => expect(Array.isArray(answer.body)).toBe(true),
	},
	{
		route: '/api/admin/previews/{id}',
		method: 'DELETE',
		expect: editorOnly(204),
		// A link of its own per call, written straight into the database as POST would.
		call: async (fx) => {
			const id = hashToken(generateToken());
			await fx.server.db.insert(fx.server.tables.previewLinks).values({
				id,
				subjectType: 'article',
				subjectId: fx.ids.news,
				createdBy: fx.personas.editor.id,
				expiresAt: new Date(Date.now() + 86_400_000),
			});
			return { path: `/api/admin/previews/${id}` };
		},
	},
	{
		route: '/api/admin/revisions',
		method: 'GET',
		expect: editorOnly(200),
		call: (fx) => ({ path: `/api/admin/revisions?type=article&id=${fx.ids.news}` }),
		check: (answer) => expect(answer.body.length).toBeGreaterThan(0),
	},
	{
		route: '/api/admin/revisions/{id}',
		method: 'GET',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/revisions/${await newRevision(fx)}` }),
		check: (answer) => expect(answer.body.fields.title).toMatch(/^Security fixture/),
	},
	{
		route: '/api/admin/revisions/{id}/restore',
		method: 'POST',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/revisions/${await newRevision(fx)}/restore` }),
		check: (answer) => expect(answer.body.summary).toMatch(/^Restored revision \d+$/),
	},
	{
		route: '/api/admin/site-build',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/site-build' }),
	},
	{
		route: '/api/admin/site-build',
		method: 'POST',
		expect: editorOnly(202),
		call: () => ({ path: '/api/admin/site-build' }),
	},
	{
		route: '/api/admin/media',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/media?q=a&page=1' }),
	},
	{
		route: '/api/admin/media',
		method: 'POST',
		expect: editorOnly(201),
		call: async () => ({
			path: '/api/admin/media',
			body: uploadForm(await plainPng(16, 16), { name: 'm.png', type: 'image/png', alt: 'A red square' }),
		}),
		check: (answer) => expect(answer.body.url).toMatch(/^\/media\//),
	},
	{
		route: '/api/admin/media/audio',
		method: 'POST',
		expect: editorOnly(201),
		call: () => ({ path: '/api/admin/media/audio', body: mp3Audio(3) }),
		check: (answer) => expect(answer.body).toMatchObject({ type: 'audio/mpeg', durationMinutes: 1 }),
	},
	{
		route: '/api/admin/media/audio',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/media/audio?page=1' }),
	},
	{
		route: '/api/admin/media/audio/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/media/audio/${await insertAudioRow(fx.server)}` }),
	},
	{
		route: '/api/admin/media/{id}',
		method: 'GET',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/media/${await libraryImage(fx)}` }),
	},
	{
		route: '/api/admin/media/{id}',
		method: 'PATCH',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/media/${await libraryImage(fx)}`, body: { alt: 'New alt' } }),
	},
	{
		route: '/api/admin/media/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/media/${await libraryImage(fx)}` }),
	},
	{
		route: '/api/admin/platforms',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/platforms' }),
	},
	{
		route: '/api/admin/platforms',
		method: 'POST',
		expect: editorOnly(201),
		call: (fx) => ({ path: '/api/admin/platforms', body: fx.platformBody() }),
	},
	{
		route: '/api/admin/platforms/{id}',
		method: 'PUT',
		expect: editorOnly(200),
		call: async (fx) => ({
			path: `/api/admin/platforms/${await fx.newPlatform()}`,
			body: fx.platformBody(),
		}),
	},
	{
		route: '/api/admin/platforms/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/platforms/${await fx.newPlatform()}` }),
	},
	{
		route: '/api/admin/webhooks',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/webhooks' }),
	},
	{
		route: '/api/admin/webhooks',
		method: 'POST',
		expect: editorOnly(201),
		// A literal public address: no DNS asked, and nothing delivered (no event subscribed fires).
		call: () => ({
			path: '/api/admin/webhooks',
			body: { url: 'https://203.0.114.1/hook', events: ['newsletter.sent'] },
		}),
	},
	{
		route: '/api/admin/webhooks/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/webhooks/${await matrixWebhook(fx)}` }),
	},
	{
		route: '/api/admin/webhooks/{id}/deliveries',
		method: 'GET',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/webhooks/${await matrixWebhook(fx)}/deliveries` }),
	},
	{
		route: '/api/admin/comments',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/comments' }),
	},
	{
		route: '/api/admin/comments/{id}',
		method: 'DELETE',
		// A's comment: not even A may delete it, nor B.
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/comments/${await fx.newPendingComment()}` }),
	},
	{
		route: '/api/admin/comments/{id}/moderate',
		method: 'PATCH',
		// A may not approve their own comment; B may not moderate A's.
		expect: editorOnly(200),
		call: async (fx) => ({
			path: `/api/admin/comments/${await fx.newPendingComment()}/moderate`,
			body: { status: 'approved' },
		}),
	},
	{
		route: '/api/admin/users',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/users' }),
	},
	{
		route: '/api/admin/users/{id}/ban',
		method: 'PUT',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/users/${(await fx.newUser()).id}/ban` }),
	},
	{
		route: '/api/admin/users/{id}/unban',
		method: 'PUT',
		expect: editorOnly(200),
		call: async (fx) => ({
			path: `/api/admin/users/${(await fx.newUser({ isBanned: true })).id}/unban`,
		}),
	},
	{
		route: '/api/admin/users/{id}/password',
		method: 'PUT',
		expect: editorOnly(200),
		call: async (fx) => ({
			path: `/api/admin/users/${(await fx.newUser()).id}/password`,
			body: { password: 'set-by-editor-1' },
		}),
	},

	// ------------------------------------------------------------ newsletter
	{
		route: '/api/admin/newsletters',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/newsletters' }),
	},
	{
		route: '/api/admin/newsletters',
		method: 'POST',
		expect: editorOnly(201),
		call: () => ({ path: '/api/admin/newsletters', body: { subject: 'Matrix', content: 'Body' } }),
	},
	{
		route: '/api/admin/newsletters/preview',
		method: 'POST',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/newsletters/preview', body: { subject: 'Matrix', content: 'Body' } }),
	},
	{
		route: '/api/admin/newsletters/recent-articles',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/newsletters/recent-articles' }),
	},
	{
		route: '/api/admin/newsletters/{id}',
		method: 'PUT',
		expect: editorOnly(200),
		call: async (fx) => ({
			path: `/api/admin/newsletters/${await newsletterDraft(fx)}`,
			body: { subject: 'Matrix', content: 'New' },
		}),
	},
	{
		route: '/api/admin/newsletters/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/newsletters/${await newsletterDraft(fx)}` }),
	},
	{
		route: '/api/admin/newsletters/{id}/test',
		method: 'POST',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/newsletters/${await newsletterDraft(fx)}/test` }),
	},
	{
		route: '/api/admin/newsletters/{id}/send',
		method: 'POST',
		expect: editorOnly(202),
		call: async (fx) => ({ path: `/api/admin/newsletters/${await newsletterDraft(fx)}/send` }),
	},
	{
		route: '/api/admin/newsletters/{id}/schedule',
		method: 'POST',
		expect: editorOnly(200),
		call: async (fx) => ({
			path: `/api/admin/newsletters/${await newsletterDraft(fx)}/schedule`,
			// Far ahead: the matrix's drafts are never sent.
			body: { sendAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString() },
		}),
	},
	{
		route: '/api/admin/newsletters/{id}/schedule',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/newsletters/${await newsletterDraft(fx)}/schedule` }),
	},
	{
		route: '/api/admin/newsletters/{id}/links',
		method: 'GET',
		expect: editorOnly(200),
		call: async (fx) => ({ path: `/api/admin/newsletters/${await newsletterDraft(fx)}/links` }),
	},
	{
		route: '/api/admin/newsletters/subscribers',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/newsletters/subscribers?status=confirmed' }),
	},
	{
		route: '/api/admin/newsletters/subscribers.csv',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/newsletters/subscribers.csv' }),
	},
	{
		route: '/api/admin/newsletters/suppressions',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/newsletters/suppressions' }),
	},
	{
		route: '/api/admin/newsletters/suppressions',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => {
			const email = fx.uniqueEmail();
			await fx.server.db
				.insert(fx.server.tables.newsletterSuppressions)
				.values({ email, reason: '550 Mailbox unavailable' });
			return { path: `/api/admin/newsletters/suppressions?email=${encodeURIComponent(email)}` };
		},
	},
	{
		route: '/api/newsletter/unsubscribe',
		method: 'POST',
		// The token, not a session, says whose subscription ends: anyone holding it may.
		expect: all(200),
		call: async (fx) => ({
			path: `/api/newsletter/unsubscribe?token=${await unsubscribeToken(fx)}`,
		}),
	},
	{
		route: '/api/newsletter/unsubscribe',
		method: 'GET',
		expect: all(303),
		call: async (fx) => ({
			path: `/api/newsletter/unsubscribe?token=${await unsubscribeToken(fx)}`,
		}),
	},
	{
		route: '/api/follows/unsubscribe',
		method: 'POST',
		// The token, not a session, says whose follow ends: anyone holding it may.
		expect: all(200),
		call: async (fx) => ({ path: `/api/follows/unsubscribe?token=${await unfollowToken(fx)}` }),
		check: (answer) => expect(answer.body.message).toMatch(/^You no longer follow /),
	},
	{
		route: '/api/follows/unsubscribe',
		method: 'GET',
		// Opened in a browser: moves to the page that asks first; nothing changes.
		expect: all(303),
		call: async (fx) => ({ path: `/api/follows/unsubscribe?token=${await unfollowToken(fx)}` }),
		check: (answer) => expect(answer.headers.get('location')).toMatch(/\/unfollow\?token=/),
	},

	// ------------------------------------------------------------ integrations and /api/v1 (issue 45)
	{
		route: '/api/admin/integrations',
		method: 'GET',
		expect: editorOnly(200),
		call: () => ({ path: '/api/admin/integrations' }),
	},
	{
		route: '/api/admin/integrations',
		method: 'POST',
		expect: editorOnly(201),
		call: () => ({ path: '/api/admin/integrations', body: { name: 'Matrix partner' } }),
	},
	{
		route: '/api/admin/integrations/{id}',
		method: 'DELETE',
		expect: editorOnly(200),
		call: async (fx) => {
			const [row] = await fx.server.db
				.insert(fx.server.tables.integrations)
				.values({
					name: 'To revoke',
					contentKeyHash: hashToken(generateToken()),
					adminKeyHash: hashToken(generateToken()),
				})
				.returning({ id: fx.server.tables.integrations.id });
			return { path: `/api/admin/integrations/${row!.id}` };
		},
	},
	// A session is no key: every role meets the 401 (tests/api/api-v1.test.ts calls them with keys).
	...[
		'/api/v1/platforms',
		'/api/v1/platforms/{slug}',
		'/api/v1/platforms/{slug}/reviews',
		'/api/v1/articles',
		'/api/v1/articles/{slug}',
		'/api/v1/episodes',
	].map(
		(route): Expectation => ({
			route,
			method: 'GET',
			expect: all(401),
			call: () => ({ path: route.replace('{slug}', 'some-slug') }),
		}),
	),
	{
		route: '/api/v1/admin/articles',
		method: 'POST',
		expect: all(401),
		call: (fx) => ({ path: '/api/v1/admin/articles', body: { ...fx.articleBody('news'), kind: 'news' } }),
	},
	...(['PUT', 'DELETE'] as const).map(
		(method): Expectation => ({
			route: '/api/v1/admin/articles/{id}',
			method,
			expect: all(401),
			call: (fx) => ({
				path: `/api/v1/admin/articles/${fx.ids.news}`,
				body: method === 'PUT' ? fx.articleBody('news') : undefined,
			}),
		}),
	),
	{
		route: '/api/v1/openapi.json',
		method: 'GET',
		expect: all(200),
		call: () => ({ path: '/api/v1/openapi.json' }),
	},
];

/** A revision of a new news article, written straight into the database as a save would. */
async function newRevision(fx: Fixture): Promise<number> {
	const itemId = await fx.newArticle('news');
	const [row] = await fx.server.db
		.insert(fx.server.tables.revisions)
		.values({
			itemType: 'article',
			itemId,
			authorId: fx.personas.editor.id,
			fields: JSON.stringify(fx.articleBody('news')),
			summary: 'Created',
		})
		.returning({ id: fx.server.tables.revisions.id });
	return row!.id;
}

/** A digest mail's one-click unfollow token, for a throwaway account following the fixture platform. */
async function unfollowToken(fx: Fixture): Promise<string> {
	const { id } = await fx.newUser();
	const token = generateToken();
	const { platformFollows, followUnsubscribeTokens } = fx.server.tables;
	await fx.server.db.insert(platformFollows).values({ userId: id, platformId: fx.ids.platform });
	await fx.server.db
		.insert(followUnsubscribeTokens)
		.values({ id: hashToken(token), userId: id, platformId: fx.ids.platform });
	return token;
}

/** A new newsletter draft, written straight into the database. */
/** A library image's rows (its files are not needed to read, edit or delete it). */
/** A webhook to list the tries of, or delete. */
async function matrixWebhook(fx: Fixture): Promise<number> {
	const { webhooks } = fx.server.tables;
	const [row] = await fx.server.db
		.insert(webhooks)
		.values({ url: 'https://203.0.114.1/hook', events: ['newsletter.sent'], secret: 'whsec_AAAA' })
		.returning({ id: webhooks.id });
	return row!.id;
}

async function libraryImage(fx: Fixture): Promise<number> {
	const { mediaItems, mediaVariants } = fx.server.tables;
	const [row] = await fx.server.db
		.insert(mediaItems)
		.values({ name: 'm.png', alt: 'Matrix image', format: 'png', width: 16, height: 16, bytes: 100 })
		.returning({ id: mediaItems.id });
	await fx.server.db.insert(mediaVariants).values({
		mediaId: row!.id,
		key: `${crypto.randomUUID().replaceAll('-', '')}.png`,
		format: 'png',
		width: 16,
		height: 16,
		bytes: 100,
		isFallback: true,
	});
	return row!.id;
}

async function newsletterDraft(fx: Fixture): Promise<number> {
	const { newsletterIssues } = fx.server.tables;
	const [row] = await fx.server.db
		.insert(newsletterIssues)
		.values({ subject: 'Matrix draft', slug: testSlug('Matrix draft'), content: 'Body' })
		.returning({ id: newsletterIssues.id });
	return row!.id;
}

/** A valid confirmation token of a new pending email-only member, as the mail carries it. */
async function confirmationToken(fx: Fixture): Promise<string> {
	const { newsletterMembers, newsletterMemberTokens } = fx.server.tables;
	const [member] = await fx.server.db
		.insert(newsletterMembers)
		.values({ email: fx.uniqueEmail() })
		.returning({ id: newsletterMembers.id });
	const token = generateToken();
	await fx.server.db.insert(newsletterMemberTokens).values({
		id: hashToken(token),
		memberId: member!.id,
		purpose: 'confirm',
		expiresAt: new Date(Date.now() + 60 * 60 * 1000),
	});
	return token;
}

/** A valid unsubscribe token of a throwaway subscriber, as a mail would carry it. */
async function unsubscribeToken(fx: Fixture): Promise<string> {
	const { id, email } = await fx.newUser();
	const token = generateToken();
	await fx.server.db
		.insert(fx.server.tables.newsletterUnsubscribeTokens)
		.values({ id: hashToken(token), userId: id, email });
	return token;
}
