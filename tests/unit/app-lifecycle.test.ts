/**
 * The app's start and stop (src/server/app/app.ts) in order: start wires regeneration, starts the
 * sender, the relay and housekeeping once, and asks for the first full generation; stop ends the
 * sender (with the time left), then the relay, then page generation (with the time left), then
 * housekeeping, and closes the database last, even after a failed step.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const record = (name: string) =>
	vi.fn(async (...args: unknown[]) => void calls.push(args.length ? `${name}(${args.join(',')})` : name));

vi.mock('@/server/newsletter/worker', () => ({
	startNewsletterWorker: vi.fn(() => void calls.push('start newsletter')),
	stopNewsletterWorker: record('stop newsletter'),
}));
vi.mock('@/server/changes/relay', () => ({
	startContentRelay: record('start relay'),
	stopContentRelay: record('stop relay'),
}));
vi.mock('@/server/site', () => ({
	wireSiteRegeneration: vi.fn(() => void calls.push('wire regeneration')),
	resumeSiteGeneration: vi.fn(() => void calls.push('resume generation')),
	stopSiteGeneration: record('stop generation'),
	requestFullGeneration: vi.fn(() => void calls.push('full generation')),
}));
vi.mock('@/server/housekeeping/rounds', () => ({
	startHousekeeping: vi.fn(() => void calls.push('start housekeeping')),
	stopHousekeeping: record('stop housekeeping'),
}));
vi.mock('@/server/db', async (original) => ({
	...(await original<typeof import('@/server/db')>()),
	closeDatabase: record('close database'),
}));

const { startApp, stopApp } = await import('@/server/app/app');
const relay = await import('@/server/changes/relay');

beforeEach(() => {
	calls.length = 0;
});

describe('startApp', () => {
	it('starts everything once, however often it is called', async () => {
		await Promise.all([startApp(), startApp()]);
		await startApp();
		expect(calls).toEqual([
			'wire regeneration',
			'resume generation',
			'start newsletter',
			'start relay',
			'start housekeeping',
			'full generation',
		]);
		await stopApp();
	});
});

describe('stopApp', () => {
	it('stops the sender with the time left, then the relay, generation and housekeeping, and closes the database last', async () => {
		await startApp();
		calls.length = 0;
		const done: string[] = [];
		await stopApp(
			() => 1234,
			(step, error) => done.push(error ? `${step} failed` : step),
		);
		expect(calls).toEqual([
			'stop newsletter(1234)',
			'stop relay',
			'stop generation(1234)',
			'stop housekeeping',
			'close database',
		]);
		expect(done).toEqual([
			'newsletter',
			'webhooks',
			'themes',
			'scheduling',
			'relay',
			'site',
			'analytics',
			'housekeeping',
			'database',
		]);
	});

	it('still closes the database when a step before it fails, and reports the failure', async () => {
		vi.mocked(relay.stopContentRelay).mockRejectedValueOnce(new Error('relay stuck'));
		const done: string[] = [];
		await stopApp(
			() => 0,
			(step, error) => done.push(error ? `${step} failed` : step),
		);
		expect(calls).toEqual([
			'stop newsletter(0)',
			'stop generation(0)',
			'stop housekeeping',
			'close database',
		]);
		expect(done).toEqual([
			'newsletter',
			'webhooks',
			'themes',
			'scheduling',
			'relay failed',
			'site',
			'analytics',
			'housekeeping',
			'database',
		]);
		vi.mocked(relay.stopContentRelay).mockRejectedValueOnce(new Error('relay stuck'));
		await expect(stopApp()).rejects.toThrow('relay stuck');
	});

	it('lets the app start again after a stop', async () => {
		await startApp();
		await stopApp();
		calls.length = 0;
		await startApp();
		expect(calls).toContain('start newsletter');
		await stopApp();
	});
});
