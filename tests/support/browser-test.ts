/**
 * The one fixture of the browser tests: a built server (seeded or not, with the env a file
 * needs) and Chromium, shared by every test of a file, and per test fresh pages whose
 * Content-Security-Policy and hydration guard fails the test that caused the problem.
 *
 *   const test = browserTest({ seed: true });
 *   test('…', async ({ server, newPage }) => { const { page } = await newPage({ as: 'editor' }); … });
 *
 * The server and Chromium start in a beforeAll the factory registers: starting them inside the
 * first test would count against that test's timeout, too short for a cold start on a busy
 * machine. The fixtures hand the same ones to every test and the afterAll stops them.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, test as base } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/users';
import { cspViolations, launchBrowser, newPage as openPage, signInAs } from './browser';
import { startServer, type StartOptions, type TestServer } from './server';
import { startSmtp, type SmtpOptions } from './smtp';

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

export type BrowserTestOptions = StartOptions & {
	/** Starts a capturing SMTP server first and points the site's SMTP_URL at it. */
	smtp?: boolean | SmtpOptions;
	/** False for files that only talk HTTP: no Chromium is launched. */
	browser?: boolean;
	/** Arranging the whole file needs once the server is up (wait for the site, sign in…). */
	ready?: (server: TestServer, browser: Browser | undefined) => Promise<unknown>;
};

/** A demo account by role, or any account by its credentials. */
export type Account = keyof typeof DEMO_ACCOUNTS | { email: string; password: string };

export type OpenOptions = { mobile?: boolean; javaScript?: boolean; as?: Account };

type FileFixtures = { server: TestServer; browser: Browser; smtp: Smtp };

export type NewPage = (options?: OpenOptions) => Promise<{ context: BrowserContext; page: Page }>;

type TestFixtures = {
	closesItsContexts: undefined;
	/** A fresh context (own cookies) and page, signed in as `as` if given; closed after the test. */
	newPage: NewPage;
	/** A visitor's page, for the common one-page test. */
	page: Page;
	/**
	 * CSP violations and hydration mismatches pages reported during this test. Non-empty at the
	 * end fails the test (a test that provokes one on purpose empties it).
	 */
	pageProblems: string[];
};

/** Signs a context in through the API (tests of the sign-in screens themselves use the UI). */
export async function signIn(context: BrowserContext, account: Account) {
	const { email, password } = typeof account === 'string' ? DEMO_ACCOUNTS[account] : account;
	await signInAs(context, email, password);
}

export function browserTest(options: BrowserTestOptions = {}) {
	const { smtp: smtpOptions, browser: wantsBrowser = true, ready, ...serverOptions } = options;
	let started: { server?: TestServer; browser?: Browser; smtp?: Smtp } = {};

	beforeAll(async () => {
		const smtp = smtpOptions ? await startSmtp(smtpOptions === true ? {} : smtpOptions) : undefined;
		started.smtp = smtp;
		const env = { ...(smtp ? { SMTP_URL: smtp.url } : {}), ...serverOptions.env };
		const [server, browser] = await Promise.all([
			startServer({ ...serverOptions, env }).then((value) => (started.server = value)),
			wantsBrowser ? launchBrowser().then((value) => (started.browser = value)) : undefined,
		]);
		started = { server, browser, smtp };
		await ready?.(server, browser);
	});

	afterAll(async () => {
		await started.browser?.close();
		await started.server?.stop();
		await started.smtp?.close();
		started = {};
	});

	const present = <T>(value: T | undefined, name: string): T => {
		if (value === undefined) throw new Error(`browserTest: no ${name} in this file (see its options)`);
		return value;
	};

	return base.extend<TestFixtures & FileFixtures>({
		// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter and requires an object pattern
		server: [async ({}, use) => use(present(started.server, 'server')), { scope: 'file' }],
		// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter and requires an object pattern
		browser: [async ({}, use) => use(present(started.browser, 'browser')), { scope: 'file' }],
		// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter and requires an object pattern
		smtp: [async ({}, use) => use(present(started.smtp, 'smtp')), { scope: 'file' }],

		// Automatic: a context a test opened by other means (helpers taking `browser`) is closed
		// after it too, so its pages do not go on running beside the next tests. Contexts opened
		// before the test (a file's `ready`) are the file's and stay.
		closesItsContexts: [
			// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter and requires an object pattern
			async ({}, use) => {
				const before = new Set(started.browser?.contexts() ?? []);
				await use(undefined);
				const opened = (started.browser?.contexts() ?? []).filter((context) => !before.has(context));
				await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
			},
			{ auto: true },
		],

		// Automatic, so pages a test opens by other means (helpers taking `browser`) are guarded too.
		pageProblems: [
			// biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's first parameter and requires an object pattern
			async ({}, use) => {
				// The guard in ./browser records into one list per file; give this test a clean one.
				cspViolations.length = 0;
				await use(cspViolations);
				const problems = cspViolations.splice(0);
				if (problems.length > 0) throw new Error(`Page problems:\n${problems.join('\n')}`);
			},
			{ auto: true },
		],

		// Its contexts are closed after the test with every other the test opened (closesItsContexts).
		newPage: async ({ server, browser }, use) => {
			await use(async ({ mobile, javaScript, as } = {}) => {
				const opened = await openPage(browser, server.url, { mobile, javaScript });
				if (as) await signIn(opened.context, as);
				return opened;
			});
		},

		page: async ({ newPage }, use) => {
			await use((await newPage()).page);
		},
	});
}
