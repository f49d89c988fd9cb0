/**
 * The records and personas the authorization matrix acts on, arranged on a seeded server:
 * A (the demo user) has rated the fixture platform, voted on a community member's approved
 * comment and has an approved comment of their own; B (another user) and the editor have rated
 * the platform too, so rating again is an update for everyone. A is also the fixture
 * platform's representative (replies to its reviews) and has voted on a community member's
 * review.
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { firstRow } from '@/server/db';
import { TestClient, registerUser } from './account-api';
import { episodeBody, insertEpisode } from './episode-fixtures';
import { platformInput } from './platform-fixtures';
import type { TestServer } from './server';
import type { Fixture } from './route-expectations';
import {
	DEMO,
	banInDatabase,
	insertAccount,
	loginPersona,
	uniqueTag,
	type Persona,
	type Role,
} from './security-roles';
import { testSlug } from './slugs';

export function articleBody(kind: 'news' | 'education'): Record<string, unknown> {
	return {
		title: `Security fixture ${uniqueTag()}`,
		excerpt: 'A short excerpt.',
		content: '# Heading\n\nBody text.',
		category: kind === 'news' ? 'Industry News' : 'For Brands',
		imageUrl: '',
		tags: 'retail, media',
		readTime: 4,
		isPublished: true,
	};
}

async function registeredPersona(server: TestServer, role: Role): Promise<Persona> {
	const registered = await registerUser(server);
	return {
		role,
		client: registered.client,
		id: registered.id,
		email: registered.email,
		username: registered.username,
		password: registered.password,
	};
}

export async function arrangeFixture(server: TestServer): Promise<Fixture> {
	const user = await loginPersona(server, 'user', DEMO.user);
	const editor = await loginPersona(server, 'editor', DEMO.editor);
	const other = await registeredPersona(server, 'other');
	const banned = await registeredPersona(server, 'banned');
	await banInDatabase(server, banned.id);
	const stranger = await insertAccount(server);
	const anonymous: Persona = { role: 'anonymous', client: new TestClient(server.url), ...stranger };
	const personas: Record<Role, Persona> = { anonymous, banned, other, user, editor };

	const created = async (path: string, body: unknown) => {
		const answer = await editor.client.post(path, body);
		expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
		return answer.body.id as number;
	};
	const platform = await created('/api/admin/platforms', platformInput());
	const news = await created('/api/news', articleBody('news'));
	const education = await created('/api/education', articleBody('education'));
	const episode = await created('/api/podcasts', episodeBody());

	for (const persona of [user, other, editor]) {
		const rated = await persona.client.post(`/api/platforms/${platform}/ratings`, {
			rating: 4,
			review: 'Fine.',
		});
		expect(rated.status, JSON.stringify(rated.body)).toBe(201);
	}

	const demoIds = [user.id, other.id, editor.id, banned.id];
	const {
		articles,
		commentVotes,
		emailVerificationTokens,
		passwordResetTokens,
		platformComments,
		platformRatings,
		platforms,
		reviewReplies,
		reviewVotes,
	} = server.tables;
	const votedComment = (await firstRow(
		server.db
			.select({ id: platformComments.id })
			.from(platformComments)
			.where(and(eq(platformComments.status, 'approved'), notInArray(platformComments.userId, demoIds)))
			// The same comment on either engine (without an order, PostgreSQL may pick another).
			.orderBy(platformComments.id),
	))!.id;
	const voted = await user.client.post(`/api/comments/${votedComment}/vote`, {
		voteType: 'helpful',
	});
	expect(voted.status, JSON.stringify(voted.body)).toBe(200);

	const votedReview = (await firstRow(
		server.db
			.select({ id: platformRatings.id })
			.from(platformRatings)
			.where(notInArray(platformRatings.userId, demoIds))
			.orderBy(platformRatings.id),
	))!.id;
	const reviewVoted = await user.client.post(`/api/ratings/${votedReview}/vote`, { voteType: 'helpful' });
	expect(reviewVoted.status, JSON.stringify(reviewVoted.body)).toBe(200);
	const represented = await editor.client.put(`/api/admin/users/${user.id}/vendor`, { platformId: platform });
	expect(represented.status, JSON.stringify(represented.body)).toBe(200);

	const posted = await user.client.post(`/api/platforms/${platform}/comments`, {
		comment: "A's own comment.",
	});
	expect(posted.status).toBe(201);
	const approved = await editor.client.patch(`/api/admin/comments/${posted.body.id}/moderate`, {
		status: 'approved',
	});
	expect(approved.status, JSON.stringify(approved.body)).toBe(200);

	return {
		server,
		personas,
		ids: { platform, news, education, votedComment, ownComment: posted.body.id, votedReview, episode },
		async newArticle(kind) {
			const now = new Date();
			const [row] = await server.db
				.insert(articles)
				.values({
					kind,
					title: `Disposable ${uniqueTag()}`,
					slug: testSlug(`Disposable ${uniqueTag()}`),
					excerpt: 'To be deleted.',
					content: 'Body.',
					category: kind === 'news' ? 'Industry News' : 'For Brands',
					tags: [],
					readTime: 3,
					isPublished: true,
					createdAt: now,
					updatedAt: now,
				})
				.returning({ id: articles.id });
			return row!.id;
		},
		newEpisode: () => insertEpisode(server),
		async newPlatform() {
			const [row] = await server.db
				.insert(platforms)
				.values({
					name: `Disposable platform ${uniqueTag()}`,
					slug: testSlug(`Disposable platform ${uniqueTag()}`),
					description: 'To be changed or deleted.',
					pricing: 'CPM',
					category: 'DSP',
				})
				.returning({ id: platforms.id });
			return row!.id;
		},
		async newPendingComment() {
			const [row] = await server.db
				.insert(platformComments)
				.values({
					platformId: platform,
					userId: user.id,
					comment: `Pending ${uniqueTag()}`,
					status: 'pending',
				})
				.returning({ id: platformComments.id });
			return row!.id;
		},
		async newReview({ withReply = false } = {}) {
			const author = await insertAccount(server);
			const [row] = await server.db
				.insert(platformRatings)
				.values({ platformId: platform, userId: author.id, rating: 3, review: `Review ${uniqueTag()}` })
				.returning({ id: platformRatings.id });
			if (withReply) {
				await server.db
					.insert(reviewReplies)
					.values({ ratingId: row!.id, authorId: user.id, content: 'Thanks!' });
			}
			return row!.id;
		},
		async reviewVoteOf(ratingId, userId) {
			const row = await firstRow(
				server.db
					.select({ voteType: reviewVotes.voteType })
					.from(reviewVotes)
					.where(and(eq(reviewVotes.ratingId, ratingId), eq(reviewVotes.userId, userId))),
			);
			return row?.voteType ?? null;
		},
		async newUser(options = {}) {
			const account = await insertAccount(server, { isBanned: options.isBanned ?? false });
			return { id: account.id, email: account.email };
		},
		async newResetToken() {
			const account = await insertAccount(server);
			const token = generateToken();
			await server.db.insert(passwordResetTokens).values({
				id: hashToken(token),
				userId: account.id,
				expiresAt: new Date(Date.now() + 3_600_000),
			});
			return token;
		},
		async newWorkEmailToken(userId) {
			const token = generateToken();
			await server.db.insert(emailVerificationTokens).values({
				id: hashToken(token),
				userId,
				email: `staff_${uniqueTag()}@acme-retail.test`,
				purpose: 'work',
				expiresAt: new Date(Date.now() + 3_600_000),
			});
			return token;
		},
		async newVerificationToken() {
			const account = await insertAccount(server);
			const token = generateToken();
			await server.db.insert(emailVerificationTokens).values({
				id: hashToken(token),
				userId: account.id,
				email: account.email,
				expiresAt: new Date(Date.now() + 3_600_000),
			});
			return token;
		},
		async voteOf(commentId, userId) {
			const row = await firstRow(
				server.db
					.select({ voteType: commentVotes.voteType })
					.from(commentVotes)
					.where(and(eq(commentVotes.commentId, commentId), eq(commentVotes.userId, userId))),
			);
			return row?.voteType ?? null;
		},
		uniqueEmail: () => `new_${uniqueTag()}@example.com`,
		articleBody,
		platformBody: () => platformInput(),
		episodeBody: () => episodeBody(),
	};
}
