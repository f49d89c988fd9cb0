/**
 * Findings of the third outside review that concern every request, not one endpoint: redirects
 * after signing in, the body cap on page routes, which origins count as the site, files that
 * exist only as another file's compressed twin, and markdown nested too deeply or too costly to render.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKDOWN_TOO_DEEP, MARKDOWN_TOO_MUCH_EMPHASIS, MAX_EMPHASIS_MARKS } from '@/lib/markdown-nesting';
import { generateToken, hashToken } from '@/server/auth/tokens';
import { firstRow } from '@/server/db';
import { MAX_BODY_BYTES } from '@/server/http/endpoint';
import { insertArticle, setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { TestClient, registerUser, sendStreamedBody } from '../support/account-api';
import type { TestServer } from '../support/server';
import { testSlug } from '../support/slugs';

let server: TestServer;
let roles: Roles;

beforeAll(async () => {
	server = await startContentServer({ env: { SITE_GENERATE_ON_START: '0' } });
	roles = await setUpRoles(server);
});
afterAll(async () => {
	await server?.stop();
});

const CROSS_SITE = { message: 'Cross-site requests are not allowed.' };
const TOO_LARGE = { message: 'Request body is too large.' };

/** A subscribed account and a link from a mail sent to it, as the newsletter stores one. */
async function subscriberWithLink() {
	const reader = await registerUser(server);
	const { users, newsletterUnsubscribeTokens } = server.tables;
	await server.db.update(users).set({ isNewsletterSubscribed: true }).where(eq(users.id, reader.id));
	const token = generateToken();
	await server.db
		.insert(newsletterUnsubscribeTokens)
		.values({ id: hashToken(token), userId: reader.id, email: reader.email });
	return { reader, token, page: `${server.url}/unsubscribe?token=${token}` };
}

async function isSubscribed(userId: number): Promise<boolean> {
	const { users } = server.tables;
	return (await firstRow(server.db.select().from(users).where(eq(users.id, userId))))!.isNewsletterSubscribed;
}

describe('the return path after signing in', () => {
	it.each([
		'/.//evil.example/phish',
		'/a/..//evil.example',
		'/%2e//evil.example',
		'/a/%2e%2e//evil.example',
		'/%2F%2Fevil.example',
		'/./\\evil.example',
		'/\\evil.example',
		'/.%2F%5Cevil.example',
	])('never sends a signed-in visitor off the site: next=%s', async (next) => {
		const answer = await roles.user.client.get(`/auth?next=${encodeURIComponent(next)}`);
		expect(answer.status).toBe(302);
		const location = answer.headers.get('location')!;
		expect(location).toBe('/');
		expect(new URL(location, server.url).origin).toBe(server.url);
	});

	it('still returns to a path on the site, dot segments resolved', async () => {
		const answer = await roles.user.client.get(`/auth?next=${encodeURIComponent('/a/../platforms?q=x')}`);
		expect(answer.status).toBe(302);
		expect(answer.headers.get('location')).toBe('/platforms?q=x');
	});
});

describe('request bodies on page routes', () => {
	it('answers 413 to a form announced (Content-Length) as larger than 256 KB', async () => {
		const { reader, page } = await subscriberWithLink();
		const answer = await fetch(page, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: `action=unsubscribe&pad=${'x'.repeat(MAX_BODY_BYTES)}`,
		});
		expect(answer.status).toBe(413);
		expect(await answer.json()).toEqual(TOO_LARGE);
		expect(await isSubscribed(reader.id)).toBe(true);
	});

	it('answers 413 to a streamed form (no Content-Length) that grows past 256 KB, and stays up', async () => {
		const { reader, page } = await subscriberWithLink();
		const answer = await sendStreamedBody(
			page,
			'POST',
			`action=unsubscribe&pad=${'x'.repeat(3 * MAX_BODY_BYTES)}`,
			{ 'content-type': 'application/x-www-form-urlencoded' },
		);
		expect(answer.status).toBe(413);
		expect(answer.body).toEqual(TOO_LARGE);
		expect(answer.headers.get('connection')).toBe('close');
		expect(await isSubscribed(reader.id)).toBe(true);
		// The server goes on answering, pages and API alike.
		expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
		expect((await fetch(page)).status).toBe(200);
		expect((await new TestClient(server.url).get('/api/user')).status).toBe(401);
	});

	it('reads a form within the limit, streamed or not', async () => {
		const { reader, page } = await subscriberWithLink();
		const answer = await sendStreamedBody(page, 'POST', `action=unsubscribe&pad=${'x'.repeat(1000)}`, {
			'content-type': 'application/x-www-form-urlencoded',
		});
		expect(answer.status).toBe(200);
		expect(answer.body).toContain('You are unsubscribed.');
		expect(await isSubscribed(reader.id)).toBe(false);
	});
});

describe('which origins are the site', () => {
	it.each(['http://localhost', 'http://localhost:4321', 'http://127.0.0.1'])(
		'refuses a write from %s: only SITE_URL is the site',
		async (origin) => {
			const answer = await new TestClient(server.url).post('/api/login', {}, { origin });
			expect(answer.status).toBe(403);
			expect(answer.body).toEqual(CROSS_SITE);
		},
	);

	it("refuses a write from localhost on the server's own port", async () => {
		const origin = `http://localhost:${new URL(server.url).port}`;
		const answer = await new TestClient(server.url).post('/api/login', {}, { origin });
		expect(answer.status).toBe(403);
		expect(answer.body).toEqual(CROSS_SITE);
	});

	it('refuses the unsubscribe page POST from another site, as /api does', async () => {
		const { reader, page } = await subscriberWithLink();
		const foreign: Record<string, string>[] = [
			{ origin: 'https://evil.example' },
			{ 'sec-fetch-site': 'cross-site' },
		];
		for (const headers of foreign) {
			const answer = await fetch(page, {
				method: 'POST',
				headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
				body: 'action=unsubscribe',
			});
			expect(answer.status).toBe(403);
			expect(await answer.json()).toEqual(CROSS_SITE);
		}
		expect(await isSubscribed(reader.id)).toBe(true);
		// The page's own form posts with the site's origin.
		const own = await fetch(page, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
			body: 'action=unsubscribe',
		});
		expect(own.status).toBe(200);
		expect(await isSubscribed(reader.id)).toBe(false);
	});

	it('keeps one-click unsubscribes (RFC 8058, no Origin) working', async () => {
		const { reader, token } = await subscriberWithLink();
		const answer = await fetch(`${server.url}/api/newsletter/unsubscribe?token=${token}`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		});
		expect(answer.status).toBe(200);
		expect(await isSubscribed(reader.id)).toBe(false);
	});
});

describe('pre-compressed twins', () => {
	it.each(['/favicon.ico.gz', '/favicon.ico.br', '/favicon.svg.br', '/favicon.ico%2Egz'])(
		'%s is not a file of its own (404)',
		async (path) => {
			const answer = await fetch(`${server.url}${path}`);
			expect(answer.status).toBe(404);
		},
	);

	it('/sitemap.xml.br and /sitemap.xml.gz are not found, while the sitemap is', async () => {
		await server.regenerate();
		expect(existsSync(join(server.dir, 'site', 'sitemap.xml.br'))).toBe(true);
		for (const path of ['/sitemap.xml.br', '/sitemap.xml.gz', '/SITEMAP.XML.BR']) {
			expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
		}
		const sitemap = await fetch(`${server.url}/sitemap.xml`, { headers: { 'accept-encoding': 'br' } });
		expect(sitemap.status).toBe(200);
		expect(await sitemap.text()).toContain('<urlset');
		// The twins are still how the pages travel to clients that accept them.
		expect(
			(await fetch(`${server.url}/favicon.ico`, { headers: { 'accept-encoding': 'gzip' } })).status,
		).toBe(200);
	}, 180_000);
});

const DEEP_QUOTES = `${'>'.repeat(50_000)} deep`;
const DEEP_CASES: [string, string][] = [
	['quotes', DEEP_QUOTES],
	['lists', Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- item`).join('\n')],
	['emphasis', `${'*'.repeat(5000)}a${'*'.repeat(5000)}`],
	[
		'alternating emphasis',
		`${Array.from({ length: 3000 }, (_, i) => (i % 2 ? '*a ' : '_a ')).join('')}x${Array.from(
			{ length: 3000 },
			(_, i) => (i % 2 ? ' b*' : ' b_'),
		)
			.reverse()
			.join('')}`,
	],
	['HTML', '<div>'.repeat(20_000)],
];

describe('markdown nested too deeply', () => {
	it.each(DEEP_CASES)('preview answers 400 with a sentence (%s)', async (_name, content) => {
		const answer = await roles.editor.client.post('/api/admin/markdown-preview', { content });
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: MARKDOWN_TOO_DEEP });
	});

	it('preview still renders ordinary nesting', async () => {
		const answer = await roles.editor.client.post('/api/admin/markdown-preview', {
			content: '> quote\n> > nested\n\n- a\n  - b\n    - c\n\n***bold italic*** and `code`',
		});
		expect(answer.status).toBe(200);
		expect(answer.body.html).toContain('<blockquote>');
	});

	it('saving an article, a static page or a newsletter answers 400 with the sentence', async () => {
		const article = await roles.editor.client.post('/api/news', {
			title: 'Deep',
			excerpt: 'Deep.',
			content: DEEP_QUOTES,
			category: 'Industry News',
			readTime: 5,
			isPublished: true,
		});
		expect(article.status).toBe(400);
		expect(article.body).toEqual({ message: MARKDOWN_TOO_DEEP });
		const page = await roles.editor.client.put('/api/pages/about', { title: 'About', content: DEEP_QUOTES });
		expect(page.status).toBe(400);
		expect(page.body).toEqual({ message: MARKDOWN_TOO_DEEP });
		const issue = await roles.editor.client.post('/api/admin/newsletters', {
			subject: 'Deep',
			content: DEEP_QUOTES,
		});
		expect(issue.status).toBe(400);
		expect(issue.body).toEqual({ message: MARKDOWN_TOO_DEEP });
	});

	it('a stored newsletter that cannot render is refused before anything is queued', async () => {
		const { newsletterIssues, newsletterDeliveries } = server.tables;
		const [issue] = await server.db
			.insert(newsletterIssues)
			.values({ subject: 'Stored deep', slug: testSlug('Stored deep'), content: DEEP_QUOTES })
			.returning({ id: newsletterIssues.id });
		const answer = await roles.editor.client.post(`/api/admin/newsletters/${issue!.id}/send`);
		expect(answer.status).toBe(400);
		expect(answer.body).toEqual({ message: MARKDOWN_TOO_DEEP });
		const stored = await firstRow(
			server.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issue!.id)),
		);
		expect(stored!.status).toBe('draft');
		const queued = await server.db
			.select()
			.from(newsletterDeliveries)
			.where(eq(newsletterDeliveries.issueId, issue!.id));
		expect(queued).toEqual([]);
	});

	it('a stored article that cannot render is never answered 200, and never written', async () => {
		const article = await insertArticle(server, { content: DEEP_QUOTES });
		const answer = await fetch(`${server.url}/news/${article.id}`);
		expect(answer.status).toBe(500);
		expect(await answer.text()).not.toContain(DEEP_QUOTES.slice(0, 100));
		const status = await server.regenerate();
		expect(status.lastError).toContain(`/news/${article.slug}`);
		expect(existsSync(join(server.dir, 'site', 'news', article.slug, 'index.html'))).toBe(false);
	}, 180_000);

	it('the last good page stays when a later version cannot render', async () => {
		const article = await insertArticle(server, { content: 'The good version.' });
		await server.regenerate();
		const file = join(server.dir, 'site', 'news', article.slug, 'index.html');
		expect(readFileSync(file, 'utf8')).toContain('The good version.');
		const { articles } = server.tables;
		await server.db.update(articles).set({ content: DEEP_QUOTES }).where(eq(articles.id, article.id));
		await server.regenerate();
		expect(readFileSync(file, 'utf8')).toContain('The good version.');
		const served = await fetch(`${server.url}/news/${article.id}`);
		expect(served.status).toBe(200);
		expect(await served.text()).toContain('The good version.');
	}, 180_000);
});

/**
 * Emphasis marks cost marked time by the square of their number in one paragraph: 99 KB of
 * '_a' took 6 to 11 s of the event loop. Refused past MAX_EMPHASIS_MARKS per paragraph, list
 * item, heading or table row; the time is printed, never asserted.
 */
describe('markdown too costly to render', () => {
	const COSTLY: [string, string][] = [
		['_a, one paragraph', '_a'.repeat(49_500)],
		['*a, one paragraph', '*a'.repeat(49_500)],
		['_a, one per line', '_a\n'.repeat(33_000)],
		['~a, one paragraph', '~a'.repeat(49_500)],
	];

	it.each(COSTLY)('preview and save answer 400 with a sentence (%s)', async (name, content) => {
		const started = performance.now();
		const preview = await roles.editor.client.post('/api/admin/markdown-preview', { content });
		console.log(
			`${name}: ${content.length} characters refused in ${Math.round(performance.now() - started)} ms`,
		);
		expect(preview.status).toBe(400);
		expect(preview.body).toEqual({ message: MARKDOWN_TOO_MUCH_EMPHASIS });
		const article = await roles.editor.client.post('/api/news', {
			title: 'Costly',
			excerpt: 'Costly.',
			content,
			category: 'Industry News',
			readTime: 5,
		});
		expect(article.status).toBe(400);
		expect(article.body).toEqual({ message: MARKDOWN_TOO_MUCH_EMPHASIS });
	});

	it('renders paragraphs at the limit, and long lists and code blocks of any length', async () => {
		const atLimit = `${'_a'.repeat(MAX_EMPHASIS_MARKS)}\n\n`.repeat(45);
		const list = '* item **bold** _word_\n'.repeat(3_000);
		const code = `\`\`\`\n${'snake_case_name = other_name\n'.repeat(3_000)}\`\`\`\n`;
		for (const [name, content] of [
			['at the limit', atLimit],
			['a list', list],
			['a code block', code],
		] as const) {
			const started = performance.now();
			const answer = await roles.editor.client.post('/api/admin/markdown-preview', { content });
			console.log(
				`${name}: ${content.length} characters rendered in ${Math.round(performance.now() - started)} ms`,
			);
			expect(answer.status, name).toBe(200);
		}
	});
});
