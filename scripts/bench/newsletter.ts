/**
 * Newsletter phase, end to end. A local SMTP capture (smtp-server) stands in for the mail
 * provider. 10,000 visitors sign up by email on the built server (`POST /api/newsletter/subscribe`)
 * and confirm with the token of the link in their confirmation mail, read from the capture
 * (`POST /api/newsletter/confirm`): the whole double opt-in path, nothing taken from the
 * database. Then a sender process (newsletter-sender.ts) queues one issue for them as the Send
 * button does and runs the real worker until every mail is handed to the capture; its wall time
 * and its memory sampled across the send are the figures.
 *
 * The per-client sign-up limit (20 an hour) is met the way production meets it behind a proxy:
 * the server runs with TRUST_PROXY=1 and each visitor comes from its own X-Forwarded-For address
 * (the per-address limit is not touched: each address signs up once). The sender's rate limit
 * (NEWSLETTER_RATE_PER_SECOND) is lifted, so the time is the pipeline's own (queue, render, SMTP).
 */
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { count, eq } from 'drizzle-orm';
import { newsletterIssues, newsletterMembers, openDatabase } from '@/server/db';
import { percentile } from './load';
import type { SenderMark, SenderReport } from './newsletter-sender';
import { procCpuMs, runToEnd } from './processes';
import { BUDGETS } from './budgets';
import { startBenchServer } from './server';

export const NEWSLETTER_MEMBERS = 10_000;
/** Visitors signing up (and confirming) at once. */
const SIGN_UP_CONCURRENCY = 16;
/** The sender's NEWSLETTER_CONCURRENCY, and the SMTP pool's connections. */
const SEND_CONCURRENCY = 8;
/** Memory is called flat when the sender's RSS peak is at most this above its start. */
const FLAT_MEMORY_BYTES = BUDGETS.newsletterMemoryGrowthBytes;

export type CallFigure = {
	calls: number;
	failures: number;
	wallMs: number;
	perSecond: number;
	p50Ms: number;
	p95Ms: number;
	/** The server's CPU time (user + system) per call, from /proc. */
	serverCpuMsPerCall: number | null;
	firstFailure?: string;
};

export type NewsletterFigure = {
	members: number;
	signUpConcurrency: number;
	subscribe: CallFigure;
	/** From the first sign-up until the last confirmation mail reached the capture. */
	confirmationMailsMs: number;
	confirm: CallFigure;
	/** Sign-up, its mail and confirmation, for all members: members per second overall. */
	signUpWallMs: number;
	membersPerSecond: number;
	confirmedInDatabase: number;
	send: {
		concurrency: number;
		wallMs: number;
		mailsPerSecond: number;
		/** The sender's CPU time per mail handed over (user + system). */
		cpuMsPerMail: number;
		queued: number;
		sent: number;
		failed: number;
		skipped: number;
		received: number;
		before: SenderMark;
		peakRssBytes: number;
		peakHeapBytes: number;
		/** At 10 %, 50 % and 90 % of the mails handed over (each also after a full collection). */
		marks: SenderMark[];
		after: SenderMark;
		rssGrowthBytes: number;
		/** Heap retained (after a full collection) at 90 % minus at 10 %: per-recipient state shows here. */
		retainedHeapGrowthBytes: number;
		flat: boolean;
	};
};

const CONFIRM_LINK = /\/newsletter\/confirm\?token=([a-z2-7]{32})/;

/** Quoted-printable, as nodemailer writes long text lines: soft breaks and =XX escapes. */
function decodeQuotedPrintable(text: string): string {
	return text
		.replace(/=\r?\n/g, '')
		.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The capture: counts every message and hands the token of each confirmation mail to
 * `onToken`. Issue mails are read and dropped (only the count is kept).
 */
async function startCapture(onToken: (token: string) => void) {
	let received = 0;
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onData(stream, _session, callback) {
			const chunks: Buffer[] = [];
			stream.on('data', (chunk: Buffer) => chunks.push(chunk));
			stream.on('end', () => {
				received += 1;
				const message = Buffer.concat(chunks).toString('latin1');
				if (message.includes('newsletter/confirm')) {
					const token = decodeQuotedPrintable(message).match(CONFIRM_LINK)?.[1];
					if (token) onToken(token);
				}
				callback();
			});
		},
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.server.address() as { port: number }).port;
	return {
		/** Pooled, as the README advises for bulk sending. */
		url: `smtp://127.0.0.1:${port}?pool=true&maxConnections=${SEND_CONCURRENCY}`,
		received: () => received,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** Runs `call(i)` for i < n, `concurrency` at a time, timing each; a call answers an error or null. */
async function timedCalls(
	n: number,
	concurrency: number,
	serverPid: number,
	call: (i: number) => Promise<string | null>,
): Promise<CallFigure> {
	const cpuBefore = procCpuMs(serverPid);
	const times: number[] = [];
	let failures = 0;
	let firstFailure: string | undefined;
	let next = 0;
	const started = performance.now();
	await Promise.all(
		Array.from({ length: concurrency }, async () => {
			while (next < n) {
				const i = next++;
				const t = performance.now();
				const error = await call(i).catch((e: unknown) => String(e));
				times.push(performance.now() - t);
				if (error) {
					failures++;
					firstFailure ??= error;
				}
			}
		}),
	);
	const wallMs = performance.now() - started;
	const cpuAfter = procCpuMs(serverPid);
	times.sort((a, b) => a - b);
	return {
		calls: n,
		failures,
		wallMs,
		perSecond: (n / wallMs) * 1000,
		p50Ms: percentile(times, 50),
		p95Ms: percentile(times, 95),
		serverCpuMsPerCall: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / n : null,
		...(firstFailure ? { firstFailure } : {}),
	};
}

async function post(url: string, origin: string, body: unknown, headers: Record<string, string> = {}) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin, ...headers },
		body: JSON.stringify(body),
	});
	return { status: response.status, text: await response.text() };
}

/** A distinct client address per visitor (10.0.0.1 onwards), as a trusted proxy reports it. */
function visitorAddress(i: number): string {
	const n = i + 1;
	return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

const serverCpu = (call: CallFigure) =>
	call.serverCpuMsPerCall === null ? '' : `, server CPU ${call.serverCpuMsPerCall.toFixed(2)} ms per call`;

const ISSUE = {
	subject: 'Benchmark briefing',
	content:
		'# This week\n\n' +
		Array.from(
			{ length: 8 },
			(_, i) =>
				`### [Story ${i}](/news/${i + 1})\n\nA short excerpt of the story, two sentences long. It reads well.`,
		).join('\n\n'),
};

export type NewsletterOptions = {
	root: string;
	distDir: string;
	workDir: string;
	log: (line: string) => void;
	members?: number;
};

export async function measureNewsletter(options: NewsletterOptions): Promise<NewsletterFigure> {
	const { root, distDir, workDir, log, members = NEWSLETTER_MEMBERS } = options;
	const dbPath = join(workDir, 'newsletter.db');
	const tokens: string[] = [];
	let tokenArrived: (() => void) | undefined;
	const capture = await startCapture((token) => {
		tokens.push(token);
		tokenArrived?.();
	});
	try {
		// Sign-up and confirmation on the built server; its sender is off, so no issue competes.
		const server = await startBenchServer({
			root,
			distDir,
			workDir,
			dbPath,
			generateOnStart: false,
			cpu: 0,
			env: { SMTP_URL: capture.url, TRUST_PROXY: '1', NEWSLETTER_WORKER: '0' },
		});
		let subscribe: CallFigure;
		let confirm: CallFigure;
		let confirmationMailsMs: number;
		let signUpWallMs: number;
		const signUpStarted = performance.now();
		try {
			subscribe = await timedCalls(members, SIGN_UP_CONCURRENCY, server.pid, async (i) => {
				const answer = await post(
					`${server.url}/api/newsletter/subscribe`,
					server.url,
					{ email: `member${i}@bench.example` },
					{ 'x-forwarded-for': visitorAddress(i) },
				);
				return answer.status === 202 ? null : `${answer.status} ${answer.text.slice(0, 200)}`;
			});
			log(
				`  subscribe: ${members} in ${(subscribe.wallMs / 1000).toFixed(1)} s (${Math.round(subscribe.perSecond)}/s), ` +
					`p50 ${subscribe.p50Ms.toFixed(1)} ms, p95 ${subscribe.p95Ms.toFixed(1)} ms, ${subscribe.failures} failed${serverCpu(subscribe)}`,
			);
			// The mails leave after the answers: wait for the last one (a stall ends the wait).
			let lastProgress = Date.now();
			let seen = tokens.length;
			while (tokens.length < members - subscribe.failures) {
				if (tokens.length !== seen) [seen, lastProgress] = [tokens.length, Date.now()];
				if (Date.now() - lastProgress > 30_000)
					throw new Error(`only ${tokens.length} confirmation mails arrived`);
				await new Promise<void>((resolve) => {
					tokenArrived = resolve;
					setTimeout(resolve, 200);
				});
			}
			tokenArrived = undefined;
			confirmationMailsMs = performance.now() - signUpStarted;
			log(
				`  the last confirmation mail reached the capture ${(confirmationMailsMs / 1000).toFixed(1)} s after the first sign-up`,
			);
			confirm = await timedCalls(tokens.length, SIGN_UP_CONCURRENCY, server.pid, async (i) => {
				const answer = await post(`${server.url}/api/newsletter/confirm`, server.url, { token: tokens[i] });
				return answer.status === 200 ? null : `${answer.status} ${answer.text.slice(0, 200)}`;
			});
			signUpWallMs = performance.now() - signUpStarted;
		} finally {
			await server.stop();
		}
		log(
			`  confirm: ${confirm.calls} in ${(confirm.wallMs / 1000).toFixed(1)} s (${Math.round(confirm.perSecond)}/s), ` +
				`p50 ${confirm.p50Ms.toFixed(1)} ms, p95 ${confirm.p95Ms.toFixed(1)} ms, ${confirm.failures} failed${serverCpu(confirm)}; ` +
				`${Math.round((members / signUpWallMs) * 1000)} members/s from first sign-up to last confirmation`,
		);

		const database = openDatabase(dbPath);
		const [confirmed] = await database
			.select({ n: count() })
			.from(newsletterMembers)
			.where(eq(newsletterMembers.status, 'confirmed'));
		const [issue] = await database
			.insert(newsletterIssues)
			.values({ ...ISSUE, slug: `bench-issue-${Date.now()}` })
			.returning({ id: newsletterIssues.id });
		database.$client.close();

		const receivedBefore = capture.received();
		const sender = join(root, 'scripts/bench/newsletter-sender.ts');
		const run = await runToEnd(process.execPath, ['--expose-gc', '--import', 'tsx', sender], {
			cwd: root,
			cpu: 0,
			env: {
				...process.env,
				DATABASE_PATH: dbPath,
				DATABASE_URL: '',
				SMTP_URL: capture.url,
				SITE_URL: 'https://retailmediahub.example',
				BENCH_ISSUE_ID: String(issue!.id),
				NEWSLETTER_CONCURRENCY: String(SEND_CONCURRENCY),
				NEWSLETTER_RATE_PER_SECOND: '100000',
				NEWSLETTER_POLL_MS: '100',
				LOG_LEVEL: 'warn',
			},
		});
		if (run.code !== 0)
			throw new Error(`newsletter sender failed:\n${(run.stdout + run.stderr).slice(-2000)}`);
		const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as SenderReport;
		const { samples, before, counts, marks, after } = report;
		const all = [...samples, after];
		const peakRssBytes = Math.max(
			...all.map((s) => s.rssBytes),
			...[before, ...marks].map((m) => m.rssBeforeGcBytes),
		);
		const peakHeapBytes = Math.max(
			...all.map((s) => s.heapUsedBytes),
			...[before, ...marks].map((m) => m.heapBeforeGcBytes),
		);
		const rssGrowthBytes = peakRssBytes - before.rssBeforeGcBytes;
		return {
			members,
			signUpConcurrency: SIGN_UP_CONCURRENCY,
			subscribe,
			confirmationMailsMs,
			confirm,
			signUpWallMs,
			membersPerSecond: (members / signUpWallMs) * 1000,
			confirmedInDatabase: confirmed!.n,
			send: {
				concurrency: SEND_CONCURRENCY,
				wallMs: report.wallMs,
				mailsPerSecond: (counts.sent / report.wallMs) * 1000,
				cpuMsPerMail: report.cpuMs / counts.sent,
				queued: report.queued,
				sent: counts.sent,
				failed: counts.failed,
				skipped: counts.skipped,
				received: capture.received() - receivedBefore,
				before,
				peakRssBytes,
				peakHeapBytes,
				marks,
				after,
				rssGrowthBytes,
				retainedHeapGrowthBytes: (marks.at(-1)?.heapUsedBytes ?? NaN) - (marks[0]?.heapUsedBytes ?? NaN),
				flat: rssGrowthBytes <= FLAT_MEMORY_BYTES,
			},
		};
	} finally {
		await capture.close();
	}
}

/** The send's memory in a few lines, for the log. */
export function describeSenderMemory(figure: NewsletterFigure): string[] {
	const mb = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;
	const { send } = figure;
	const at = (m: SenderMark) =>
		`RSS ${mb(m.rssBeforeGcBytes)}, heap ${mb(m.heapBeforeGcBytes)} (${mb(m.heapUsedBytes)} retained after a full collection)`;
	return [
		`  sender memory: before the send ${at(send.before)}`,
		...send.marks.map(
			(m) =>
				`    at ${Math.round(m.fraction * 100)} % (${m.sent} sent, ${(m.ms / 1000).toFixed(1)} s): ${at(m)}`,
		),
		`    after the last mail: ${at(send.after)}`,
		`    peak RSS ${mb(send.peakRssBytes)}, peak heap ${mb(send.peakHeapBytes)}; retained heap 90 % minus 10 %: ` +
			`${(send.retainedHeapGrowthBytes / 1048576).toFixed(1)} MB`,
		`    peak RSS minus start ${(send.rssGrowthBytes / 1048576).toFixed(1)} MB: ` +
			(send.flat
				? `flat (within ${mb(FLAT_MEMORY_BYTES)} for ${figure.members.toLocaleString('en-US')} recipients)`
				: `NOT flat (over ${mb(FLAT_MEMORY_BYTES)})`),
	];
}
