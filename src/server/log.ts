/**
 * The server's log: pino, one JSON object per line on stdout (pretty under `npm run dev`),
 * at LOG_LEVEL. Everything the server writes goes through here: the host's access log, errors,
 * background work (page generation, newsletter sends, the relay) and the start-up lines.
 *
 * - `log()` is the logger of the request being handled (a child carrying its `reqId`), or the
 *   process's logger outside a request, so anything logged while answering a request (an error,
 *   a mail written) can be found by the id its answer carried in `X-Request-Id`.
 * - Nothing secret is written: fields named like secrets (passwords, tokens, cookies,
 *   authorization) are replaced, e-mail addresses are masked wherever they appear (fields,
 *   messages, error texts), and database errors lose the parameters drizzle appends to them.
 *   Query strings, which carry tokens, are never logged (the access log writes paths).
 *
 * The host (src/server/host/) and the app (Astro's build) are two module graphs, each with its
 * own copy of this module; the logger lives on one object under a registered symbol, so both
 * write through one stream.
 */
import pino, { type Logger } from 'pino';
import { config } from '@/server/config';
import { currentRequest } from '@/server/request-context';

export type { Logger };

type Shared = { logger?: Logger; access?: Logger; output?: pino.DestinationStream };

const KEY = Symbol.for('retail-media-hub.log');
const holder = globalThis as typeof globalThis & { [KEY]?: Shared };
const shared: Shared = (holder[KEY] ??= {});

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

/** `jane.doe@example.com` -> `j***@example.com`: enough to tell domains apart, not a person. */
export function maskEmail(text: string): string {
	return text.replace(EMAIL, '$1***@$2');
}

/** Masks addresses and drops the bound parameters drizzle appends to a failed query's text. */
export function scrub(text: string): string {
	return maskEmail(text.replace(/\bparams: [^\n]*/g, 'params: [redacted]'));
}

/** Field names whose values are never written, at any depth pino's redaction reaches. */
const SECRET_FIELDS = ['password', 'newPassword', 'currentPassword', 'token', 'cookie', 'authorization', 'set-cookie'];
/** Field names holding an address: written masked. */
const ADDRESS_FIELDS = ['email', 'to', 'sentTo'];
const REDACT_PATHS = [...SECRET_FIELDS, ...ADDRESS_FIELDS].flatMap((name) => {
	const key = /^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `["${name}"]`;
	return [key.startsWith('.') ? name : key, `*${key}`, `*.*${key}`];
});

function serializeError(error: unknown): Record<string, unknown> {
	const plain = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
	for (const field of ['message', 'stack', 'response', 'detail', 'query']) {
		if (typeof plain[field] === 'string') plain[field] = scrub(plain[field] as string);
	}
	delete plain.params;
	return plain;
}

/**
 * A logger with the server's options (level, redaction, serializers), writing to `destination`
 * (tests give their own stream), else to stdout as LOG_FORMAT says.
 */
export function createLogger(destination?: pino.DestinationStream): Logger {
	const settings = config();
	const options: pino.LoggerOptions = {
		level: settings.logLevel,
		base: { pid: process.pid },
		timestamp: pino.stdTimeFunctions.isoTime,
		redact: {
			paths: REDACT_PATHS,
			censor: (value, path) =>
				ADDRESS_FIELDS.includes(path.at(-1)!) && typeof value === 'string' ? maskEmail(value) : '[redacted]',
		},
		serializers: { err: serializeError, error: serializeError },
		formatters: {
			level: (label) => ({ level: label }),
			log: (object) => {
				for (const [name, value] of Object.entries(object)) {
					if (typeof value === 'string' && value.includes('@')) object[name] = maskEmail(value);
				}
				return object;
			},
		},
		hooks: {
			// Messages are scrubbed too: a message may quote an error or an address.
			logMethod(args, method) {
				const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg));
				return method.apply(this, scrubbed as Parameters<typeof method>);
			},
		},
	};
	return pino(options, destination ?? output());
}

/** stdout as LOG_FORMAT says, one stream for every logger of the process. */
function output(): pino.DestinationStream {
	if (shared.output) return shared.output;
	if (config().logFormat === 'pretty') {
		// pino-pretty is a development dependency, loaded by pino's transport only when asked for.
		shared.output = pino.transport({ target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' } });
	} else {
		shared.output = pino.destination({ dest: 1, sync: false });
	}
	return shared.output;
}

/**
 * The access log's logger: the same stream and format, without the redaction and scrubbing
 * passes, which cost a line per request more than the line itself. Only the host's request
 * observer writes here, with fields it makes itself (no query string; addresses masked).
 */
export function accessLog(): Logger {
	return (shared.access ??= pino(
		{
			level: config().logLevel,
			base: { pid: process.pid },
			timestamp: pino.stdTimeFunctions.isoTime,
			formatters: { level: (label) => ({ level: label }) },
		},
		output(),
	));
}

/** The process's logger (background work names its subject with `.child({ subject })`). */
export function baseLog(): Logger {
	return (shared.logger ??= createLogger());
}

/** The logger of the request being handled, else the process's logger. */
export function log(): Logger {
	const request = currentRequest();
	if (!request) return baseLog();
	return (request.log ??= baseLog().child({ reqId: request.id }));
}

/** Writes what is buffered (before the process exits). */
export function flushLog(): Promise<void> {
	const logger = shared.logger;
	if (!logger) return Promise.resolve();
	return new Promise((resolve) => logger.flush(() => resolve()));
}
