/**
 * `npm run dev` (astro dev, on a free port with its own database) starts the app as the
 * production host does (startApp, through the app-lifecycle integration): a newsletter queued
 * before it started goes out before any request, and the app stops when the dev server does.
 * It answers with the production Content-Security-Policy and security headers, pages and API
 * alike, and its pages still work in a browser under that policy (the dev server's own inline
 * scripts are allowed by hash).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow, openDatabase, schemaOf, type AppDatabase } from '@/server/db';
import { contentSecurityPolicy } from '@/server/http/security-headers';
import { cspViolations, gotoHydrated, launchBrowser, newPage } from '../support/browser';
import { insertAccount } from '../support/newsletter-fixture';
import { freePort } from '../../scripts/shared/ports';
import { eventually } from '../support/account-api';
import { testSlug } from '../support/slugs';

let dev: ChildProcess;
let url: string;
let dir: string;
let output = '';
let browser: Browser | undefined;
let db: AppDatabase;
let answering: Promise<void> | undefined;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'rmh-dev-'));
	// A newsletter already sending, with one mail queued, before the dev server starts.
	db = openDatabase(join(dir, 'app.db'));
	const { newsletterIssues, newsletterDeliveries } = schemaOf(db);
	const reader = await insertAccount(db);
	const [issue] = await db
		.insert(newsletterIssues)
		.values({
			subject: 'Queued before dev started',
			slug: testSlug('Queued before dev started'),
			content: 'Hello.',
			status: 'sending',
			sendStartedAt: new Date(),
		})
		.returning({ id: newsletterIssues.id });
	await db
		.insert(newsletterDeliveries)
		.values({ issueId: issue!.id, userId: reader.id, nextAttemptAt: new Date() });

	const port = await freePort();
	url = `http://127.0.0.1:${port}`;
	dev = spawn('npm', ['run', 'dev', '--', '--port', String(port), '--host', '127.0.0.1'], {
		env: {
			// The dev server as a person starts it: without the test runner's own variables (with
			// VITEST set, Astro 7's dev server answers every route 404).
			...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST'))),
			DATABASE_PATH: join(dir, 'app.db'),
			DATABASE_URL: '',
			SITE_URL: url,
			OUTBOX_DIR: join(dir, 'outbox'),
			SMTP_URL: '',
			NEWSLETTER_POLL_MS: '200',
		},
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	dev.stdout!.on('data', (chunk) => (output += chunk));
	dev.stderr!.on('data', (chunk) => (output += chunk));
}, 180_000);

afterAll(async () => {
	await browser?.close();
	// npm runs astro in a child: stop the whole group this test started.
	if (dev?.pid && dev.exitCode === null) process.kill(-dev.pid, 'SIGTERM');
	db?.$client.close();
	rmSync(dir, { recursive: true, force: true });
});

/** Waits until the dev server answers (its first request compiles the routes). */
function untilAnswering(): Promise<void> {
	answering ??= (async () => {
		const deadline = Date.now() + 150_000;
		for (;;) {
			if (dev.exitCode !== null) throw new Error(`astro dev exited:\n${output}`);
			try {
				if ((await fetch(`${url}/api/platforms`)).status === 200) return;
			} catch {
				// not listening yet
			}
			if (Date.now() > deadline) throw new Error(`astro dev did not start:\n${output}`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	})();
	return answering;
}

/** A policy as directive name -> its sources. */
function directives(policy: string): Map<string, string[]> {
	return new Map(
		policy.split(';').map((part) => {
			const [name, ...sources] = part.trim().split(/\s+/);
			return [name!, sources];
		}),
	);
}

const SECURITY_HEADERS = {
	'x-content-type-options': 'nosniff',
	'x-frame-options': 'DENY',
	'cross-origin-opener-policy': 'same-origin',
	'referrer-policy': 'strict-origin-when-cross-origin',
};

describe('astro dev', () => {
	it('starts the app with the server: sends a newsletter queued before it started, before any request', async () => {
		const { newsletterDeliveries } = schemaOf(db);
		const delivery = await eventually(async () => {
			if (dev.exitCode !== null) throw new Error(`astro dev exited:\n${output}`);
			const row = await firstRow(
				db.select({ status: newsletterDeliveries.status }).from(newsletterDeliveries),
			);
			return row?.status === 'sent' ? row : undefined;
		}, 150_000);
		expect(delivery.status).toBe('sent');
		// Nothing had asked anything of the dev server yet.
		expect(answering).toBeUndefined();
	}, 180_000);

	it('answers an API read with the production policy and security headers', async () => {
		await untilAnswering();
		const answer = await fetch(`${url}/api/platforms`);
		expect(answer.headers.get('content-security-policy')).toBe(contentSecurityPolicy({ https: false }));
		for (const [name, value] of Object.entries(SECURITY_HEADERS))
			expect(answer.headers.get(name), name).toBe(value);
	});

	it('answers a page with the production policy, plus only the hashes of its own inline dev scripts', async () => {
		await untilAnswering();
		const answer = await fetch(`${url}/platforms`);
		expect(answer.status).toBe(200);
		for (const [name, value] of Object.entries(SECURITY_HEADERS))
			expect(answer.headers.get(name), name).toBe(value);
		const production = directives(contentSecurityPolicy({ https: false }));
		const served = directives(answer.headers.get('content-security-policy') ?? '');
		expect([...served.keys()]).toEqual([...production.keys()]);
		for (const [name, sources] of production) {
			if (name === 'script-src') {
				expect(served.get(name)!.slice(0, sources.length)).toEqual(sources);
				for (const extra of served.get(name)!.slice(sources.length))
					expect(extra).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
			} else {
				expect(served.get(name), name).toEqual(sources);
			}
		}
		expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
		const reset = await fetch(`${url}/reset-password`);
		expect(reset.headers.get('referrer-policy')).toBe('no-referrer');
	});

	it('still works in a browser under that policy (islands hydrate, no violation)', async () => {
		await untilAnswering();
		browser = await launchBrowser();
		const { page, context } = await newPage(browser, url);
		await gotoHydrated(page, '/platforms');
		expect(cspViolations).toEqual([]);
		await context.close();
	}, 120_000);

	it('stops the app when the dev server stops (the newsletter sender first)', async () => {
		await browser?.close();
		browser = undefined;
		const exited = new Promise<void>((resolve) => dev.once('exit', () => resolve()));
		// npm runs astro in a child: stop the whole group this test started.
		process.kill(-dev.pid!, 'SIGTERM');
		await exited;
		await eventually(() => (output.includes('worker stopped') ? true : undefined), 30_000);
	}, 60_000);
});
