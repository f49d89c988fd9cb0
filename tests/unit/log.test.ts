/**
 * The server's log (src/server/runtime/log.ts): secrets are redacted, addresses masked wherever they
 * appear, errors keep their stack (without drizzle's query parameters), and what is logged while
 * a request is handled carries its id.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, log, maskEmail } from '@/server/runtime/log';
import { errorToResponse } from '@/server/http/endpoint';
import { runInRequest } from '@/server/runtime/request-context';

function capture() {
	const lines: Array<Record<string, any>> = [];
	const stream = new Writable({
		write(chunk, _encoding, done) {
			for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
			done();
		},
	});
	return { logger: createLogger(stream), lines };
}

describe('the log', () => {
	it('redacts passwords, tokens, cookies and authorization at any depth', () => {
		const { logger, lines } = capture();
		logger.info({
			password: 'p1',
			body: { newPassword: 'p2', currentPassword: 'p3', token: 't1' },
			req: { headers: { cookie: 'session=abc', authorization: 'Bearer x', 'set-cookie': 'y' } },
		});
		expect(lines[0]).toMatchObject({
			password: '[redacted]',
			body: { newPassword: '[redacted]', currentPassword: '[redacted]', token: '[redacted]' },
			req: { headers: { cookie: '[redacted]', authorization: '[redacted]', 'set-cookie': '[redacted]' } },
		});
	});

	it('masks e-mail addresses in fields, nested address fields and messages', () => {
		const { logger, lines } = capture();
		logger.info(
			{ to: 'jane.doe@example.com', user: { email: 'Max@Example.org' }, note: 'from bob@x.io' },
			'sent to jane.doe@example.com',
		);
		expect(lines[0]).toMatchObject({
			to: 'j***@example.com',
			user: { email: 'M***@Example.org' },
			note: 'from b***@x.io',
			msg: 'sent to j***@example.com',
		});
		expect(maskEmail('a@b.co and c.d@e.example.com')).toBe('a***@b.co and c***@e.example.com');
	});

	it('keeps an error stack, without the parameters drizzle quotes or addresses', () => {
		const { logger, lines } = capture();
		const error = new Error(
			'Failed query: insert into users values (?, ?)\nparams: jane@example.com,$argon2id$secret',
		);
		logger.error({ err: error }, 'boom');
		expect(lines[0]!.err.message).toBe('Failed query: insert into users values (?, ?)\nparams: [redacted]');
		expect(lines[0]!.err.stack).toContain('at ');
		expect(JSON.stringify(lines[0])).not.toContain('jane@');
		expect(JSON.stringify(lines[0])).not.toContain('argon2id');
	});

	it("writes an unexpected error with its stack under the request's id", () => {
		let loggedBy: { bindings: () => Record<string, unknown> } | undefined;
		let errorCall: unknown[] | undefined;
		runInRequest('req-0123456789', () => {
			const logger = log();
			loggedBy = logger;
			const original = logger.error.bind(logger);
			logger.error = ((...args: unknown[]) => {
				errorCall = args;
				return (original as (...a: unknown[]) => void)(...args);
			}) as typeof logger.error;
			const answer = errorToResponse(new Error('surprise'));
			expect(answer.status).toBe(500);
		});
		expect(loggedBy!.bindings()).toMatchObject({ reqId: 'req-0123456789' });
		const [fields] = errorCall as [{ err: Error }];
		expect(fields.err.message).toBe('surprise');
		expect(fields.err.stack).toContain('log.test.ts');
	});
});
