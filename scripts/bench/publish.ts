/**
 * Publishing latency: the demo editor signs in (POST /api/login), publishes a news article
 * (POST /api/news, isPublished true, Origin = the server's origin), and the clock runs until
 * /news/{id} answers 200 with the new title, polled every 20 ms. Also timed: until the site
 * generator has written the page's file (its status is idle again).
 */
import { signIn } from './accounts';
import type { BenchServer } from './server';

export type PublishFigure = {
	articleId: number | null;
	apiMs: number | null;
	visibleMs: number | null;
	generatedMs: number | null;
	error?: string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measurePublishing(
	server: BenchServer,
	{ timeoutMs = 120_000 } = {},
): Promise<PublishFigure> {
	const origin = server.url;
	const figure: PublishFigure = { articleId: null, apiMs: null, visibleMs: null, generatedMs: null };
	try {
		await server.idle();
		const cookie = await signIn(origin);
		const title = `Benchmark publish ${Date.now().toString(36)}`;
		const before = await server.status();
		const started = performance.now();
		const created = await fetch(`${origin}/api/news`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin, cookie },
			body: JSON.stringify({
				title,
				excerpt: 'A benchmark article published to time how soon readers see it.',
				content: '## Benchmark\n\nThis article was published by `npm run bench`.',
				category: 'Industry News',
				tags: ['benchmark'],
				readTime: 1,
				isPublished: true,
			}),
		});
		const article = (await created.json()) as { id?: number; slug?: string; message?: string };
		figure.apiMs = performance.now() - started;
		if (created.status !== 201 || !article.id) {
			throw new Error(`POST /api/news answered ${created.status}: ${article.message ?? ''}`);
		}
		figure.articleId = article.id;
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const page = await fetch(`${origin}/news/${article.slug}`);
			const html = await page.text();
			if (page.status === 200 && html.includes(title)) {
				figure.visibleMs = performance.now() - started;
				break;
			}
			if (Date.now() > deadline) throw new Error(`/news/${article.slug} not visible after ${timeoutMs} ms`);
			await sleep(20);
		}
		for (;;) {
			const status = await server.status();
			const finished = status.lastSuccessAt ?? status.lastErrorAt;
			const newer =
				status.lastStartedAt !== before.lastStartedAt &&
				finished !== null &&
				finished >= (status.lastStartedAt ?? '');
			if (newer && !status.running && status.queued === 0) {
				figure.generatedMs = performance.now() - started;
				break;
			}
			if (Date.now() > deadline) break;
			await sleep(20);
		}
	} catch (error) {
		figure.error = error instanceof Error ? error.message : String(error);
	}
	return figure;
}
