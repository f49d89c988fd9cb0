/**
 * The newsletter archive: /newsletter lists sent issues newest first, 12 a page, and
 * /newsletter/{id} shows one as a web page; drafts (and issues not yet gone out) are neither
 * listed nor shown, whoever asks. Sending an issue generates its page and refreshes the archive
 * and the sitemap. Runs on both engines (the counted, paged list).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { setUpRoles, startContentServer, type Roles } from '../support/content-fixtures';
import { testSlug } from '../support/slugs';

let server: TestServer;
let roles: Roles;
/** Sent issues, newest first. */
const sent: number[] = [];
let draft: number;

const DAY = 24 * 60 * 60 * 1000;

async function page(path: string, cookie?: string) {
	const response = await fetch(`${server.url}${path}`, { headers: cookie ? { cookie } : {} });
	return { status: response.status, text: await response.text(), headers: response.headers };
}

/** Each issue's slug, by id (its address is /newsletter/{slug}). */
const slugs = new Map<number, string>();

/** The issue ids an archive page links to (by their slugs), in page order. */
function issueIds(html: string): number[] {
	const start = html.indexOf('data-testid="newsletter-archive"');
	if (start < 0) return [];
	const ids = new Map([...slugs].map(([id, slug]) => [slug, id]));
	return [...html.slice(start).matchAll(/href="\/newsletter\/([a-z0-9-]+)"/g)].map(
		(match) => ids.get(match[1]!) ?? -1,
	);
}

async function insertIssue(values: { subject: string; content?: string; sentDaysAgo?: number }) {
	const { newsletterIssues } = server.tables;
	const at = values.sentDaysAgo === undefined ? null : new Date(Date.now() - values.sentDaysAgo * DAY);
	const [row] = await server.db
		.insert(newsletterIssues)
		.values({
			subject: values.subject,
			slug: testSlug(values.subject),
			content: values.content ?? 'Body',
			status: at ? 'sent' : 'draft',
			sendStartedAt: at,
			sentAt: at,
		})
		.returning({ id: newsletterIssues.id, slug: newsletterIssues.slug });
	slugs.set(row!.id, row!.slug);
	return row!.id;
}

beforeAll(async () => {
	server = await startContentServer({ env: { NEWSLETTER_POLL_MS: '100' } });
	roles = await setUpRoles(server);
	await server.db.update(server.tables.users).set({ isNewsletterSubscribed: false });
	for (let i = 0; i < 13; i += 1) {
		sent.push(
			await insertIssue({
				subject: `Briefing number ${i}`,
				content: `## Issue ${i}\n\nRead [this](/news/1).`,
				sentDaysAgo: i + 2,
			}),
		);
	}
	// A draft newer than all of them.
	draft = await insertIssue({ subject: 'Secret draft issue' });
	await server.regenerate();
});

afterAll(async () => {
	await server?.stop();
});

describe('GET /newsletter', () => {
	it('lists the 12 newest sent issues, then the rest on page 2, with rel links', async () => {
		const first = await page('/newsletter');
		expect(first.status).toBe(200);
		expect(issueIds(first.text)).toEqual(sent.slice(0, 12));
		expect(first.text).toContain('Briefing number 0');
		expect(first.text).toContain('<link rel="next" href="/newsletter?page=2"');
		const second = await page('/newsletter?page=2');
		expect(second.status).toBe(200);
		expect(issueIds(second.text)).toEqual(sent.slice(12));
		expect(second.text).toContain('<link rel="prev" href="/newsletter"');
		expect(second.text).toMatch(/<link rel="canonical" href="[^"]*\/newsletter\?page=2"/);
	});

	it('answers 404 past the last page and for a malformed page', async () => {
		for (const query of ['?page=3', '?page=0', '?page=abc', '?page=-1']) {
			expect((await page(`/newsletter${query}`)).status, query).toBe(404);
		}
	});

	it('never lists a draft, even to an editor', async () => {
		for (const cookie of [undefined, roles.editor.client.sessionCookie]) {
			for (const path of ['/newsletter', '/newsletter?page=2']) {
				const { text } = await page(path, cookie);
				expect(text).not.toContain('Secret draft issue');
				expect(issueIds(text)).not.toContain(draft);
			}
		}
	});
});

describe('GET /newsletter/{id}', () => {
	it('shows a sent issue as a web page, its markdown rendered by the site', async () => {
		const { status, text } = await page(`/newsletter/${sent[3]}`);
		expect(status).toBe(200);
		expect(text).toContain('<h1');
		expect(text).toContain('Briefing number 3');
		expect(text).toMatch(/<h2[^>]*>Issue 3<\/h2>/);
		expect(text).toContain('href="/news/1"');
		expect(text).toContain('href="/newsletter"');
	});

	it('answers 404 for a draft (whoever asks), an unknown id and a malformed one', async () => {
		for (const cookie of [undefined, roles.editor.client.sessionCookie]) {
			const answer = await page(`/newsletter/${draft}`, cookie);
			expect(answer.status).toBe(404);
			expect(answer.text).not.toContain('Secret draft issue');
		}
		expect((await page('/newsletter/999999')).status).toBe(404);
		expect((await page('/newsletter/abc')).status).toBe(404);
		expect((await page('/newsletter/0')).status).toBe(404);
	});
});

describe('links and the sitemap', () => {
	it('lists the archive pages and every sent issue, never a draft', async () => {
		const { text } = await page('/sitemap.xml');
		expect(text).toContain('/newsletter</loc>');
		expect(text).toContain('/newsletter?page=2</loc>');
		expect(text).not.toContain('/newsletter?page=3</loc>');
		for (const id of sent) expect(text).toContain(`/newsletter/${slugs.get(id)}</loc>`);
		expect(text).not.toContain(`/newsletter/${slugs.get(draft)}</loc>`);
	});

	it('is linked from the footer and the home page newsletter band', async () => {
		const home = (await page('/')).text;
		const band = home.slice(home.indexOf('id="newsletter"'));
		expect(band).toMatch(/<a[^>]*href="\/newsletter"[^>]*>Read past issues<\/a>/);
		const footer = home.slice(home.indexOf('<footer'));
		expect(footer).toMatch(/<a[^>]*href="\/newsletter"[^>]*>Newsletter archive<\/a>/);
	});
});

describe('generation', () => {
	it('serves the archive and the issues as generated files', async () => {
		for (const path of ['/newsletter', '/newsletter?page=2', `/newsletter/${slugs.get(sent[0]!)}`]) {
			// A generated file carries the host's ETag; an on-demand render does not.
			expect((await page(path)).headers.get('etag'), path).toBeTruthy();
		}
	});

	it('generates the page of an issue when it is sent, and puts it first in the archive', async () => {
		const created = await roles.editor.client.post('/api/admin/newsletters', {
			subject: 'Just sent briefing',
			content: 'Fresh **news**.',
		});
		expect(created.status).toBe(201);
		const id: number = created.body.id;
		const slug: string = created.body.slug;
		slugs.set(id, slug);
		await server.siteIdle();
		expect((await page(`/newsletter/${slug}`)).status).toBe(404);
		expect(existsSync(join(server.dir, 'site', 'newsletter', slug, 'index.html'))).toBe(false);

		expect((await roles.editor.client.post(`/api/admin/newsletters/${id}/send`)).status).toBe(202);
		await server.siteIdle();
		expect(existsSync(join(server.dir, 'site', 'newsletter', slug, 'index.html'))).toBe(true);
		const issue = await page(`/newsletter/${slug}`);
		expect(issue.status).toBe(200);
		expect(issue.headers.get('etag')).toBeTruthy();
		expect(issue.text).toContain('<strong>news</strong>');
		expect(issueIds((await page('/newsletter')).text)[0]).toBe(id);
		// The archive grew by one: page 2 now starts with what was 12th.
		expect(issueIds((await page('/newsletter?page=2')).text)).toEqual(sent.slice(11));
		expect((await page('/sitemap.xml')).text).toContain(`/newsletter/${slug}</loc>`);
	});
});
