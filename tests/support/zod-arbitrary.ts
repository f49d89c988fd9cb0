/**
 * fast-check arbitraries derived from zod 4 schemas, for the hostile-input tests.
 *
 * `zodArbitrary(schema)` walks `schema._zod.def` and produces values that mostly fit the schema
 * (so requests get past the first check and reach deeper code) and, unless `edgy: false`, now
 * and then do not: strings just outside their length bounds, numbers out of range, NaN-like
 * strings, huge numbers, hostile unicode. Transforms and pipes are fuzzed by their input side.
 *
 * `malformedArbitrary(valid)` takes an arbitrary of valid objects and breaks them: a key
 * dropped, a value of the wrong type, extra keys, deeply nested junk, 100k-character strings,
 * lone surrogates, RTL overrides, emoji, NUL, arrays where objects belong, prototype-pollution
 * keys (__proto__, constructor, prototype) and bodies that are not objects at all.
 */
import fc from 'fast-check';
import type { z } from 'zod';

type Def = Record<string, any> & { type: string };
type Options = {
	/** Mix out-of-bounds and wrong-typed values in (default true). */
	edgy?: boolean;
	/**
	 * Arbitraries for object keys (any depth) whose rule is a refinement the walk cannot see,
	 * such as "a category from the list" or "an http(s) URL".
	 */
	overrides?: Record<string, fc.Arbitrary<unknown>>;
};

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Strings that have broken parsers, databases and templates before. */
export const HOSTILE_STRINGS: readonly string[] = [
	'',
	' ',
	'\u0000',
	'a\u0000b',
	'\ud800',
	'\udfff',
	'x\ud83dy',
	'\u202eevil\u202c',
	'\u200f\u05e9\u05dc\u05d5\u05dd',
	'مرحبا بالعالم',
	'🙂🛒👩‍👩‍👧‍👦',
	'e\u0301\u0301\u0301\u0301',
	'\ufeff',
	'\u2028\u2029',
	'\r\n\t\v\f',
	'"',
	"'",
	'\\',
	'`',
	// biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
	'${7*7}',
	'{{7*7}}',
	'<script>alert(1)</script>',
	'"><img src=x onerror=alert(1)>',
	'javascript:alert(1)',
	"'; DROP TABLE users; --",
	"1' OR '1'='1",
	'%00',
	'%s%s%n',
	'../../../../etc/passwd',
	'NaN',
	'Infinity',
	'-0',
	'1e999',
	'0x10',
	'null',
	'undefined',
	'true',
	'[]',
	'{}',
	'__proto__',
	'constructor',
];

/** Strings the size of an attack rather than a typo (100k characters). */
export const longString = (char = 'a', length = 100_000): string => char.repeat(length);

export const hostileString = (): fc.Arbitrary<string> =>
	fc.oneof(
		{ weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
		{ weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
		{
			weight: 1,
			arbitrary: fc.constantFrom(longString('a'), longString('é', 50_000), longString('\u0000', 10_000)),
		},
	);

/** Numbers (and number-like strings) that are out of any sensible range. */
export const hostileNumber = (): fc.Arbitrary<unknown> =>
	fc.constantFrom<unknown>(
		-1,
		0,
		-0,
		0.5,
		1.5,
		-1e308,
		1e308,
		Number.MAX_SAFE_INTEGER + 2,
		-Number.MAX_SAFE_INTEGER - 2,
		2 ** 31,
		2 ** 63,
		5e-324,
		'NaN',
		'Infinity',
		'-Infinity',
		'1e999',
		'0x10',
		'',
		' 3 ',
		'3',
		'1_000',
		'١٢',
		null,
		true,
		[1],
		{ n: 1 },
	);

type Checks = {
	minLength?: number;
	maxLength?: number;
	min?: number;
	minInclusive?: boolean;
	max?: number;
	maxInclusive?: boolean;
	integer: boolean;
	pattern?: RegExp;
	format?: string;
};

function readChecks(def: Def): Checks {
	const checks: Checks = { integer: false };
	if (def.format) checks.format = def.format;
	if (def.format === 'safeint' || def.format === 'int32' || def.format === 'uint32') checks.integer = true;
	for (const check of def.checks ?? []) {
		const c = check._zod.def;
		switch (c.check) {
			case 'min_length':
				checks.minLength = Math.max(checks.minLength ?? 0, c.minimum);
				break;
			case 'max_length':
				checks.maxLength = Math.min(checks.maxLength ?? Infinity, c.maximum);
				break;
			case 'length_equals':
				checks.minLength = c.length;
				checks.maxLength = c.length;
				break;
			case 'greater_than':
				checks.min = c.value;
				checks.minInclusive = c.inclusive;
				break;
			case 'less_than':
				checks.max = c.value;
				checks.maxInclusive = c.inclusive;
				break;
			case 'number_format':
				if (['safeint', 'int32', 'uint32'].includes(c.format)) checks.integer = true;
				break;
			case 'string_format':
				if (c.format === 'regex' && c.pattern) checks.pattern = c.pattern;
				else checks.format = c.format;
				break;
		}
	}
	return checks;
}

function stringArbitrary(def: Def, options: Options): fc.Arbitrary<unknown> {
	const checks = readChecks(def);
	const min = checks.minLength ?? 0;
	const max = checks.maxLength ?? Infinity;
	let valid: fc.Arbitrary<string>;
	if (checks.format === 'email') {
		// fc.emailAddress() allows characters zod's (deliberately plain) email rule refuses.
		valid = fc
			.tuple(
				fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/),
				fc.stringMatching(/^[a-z0-9]{1,12}$/),
				fc.constantFrom('com', 'org', 'example', 'co.uk'),
			)
			.map(([local, domain, tld]) => `${local.replace(/\.+/g, '.').replace(/\.$/, '')}@${domain}.${tld}`)
			.filter((email) => email.length <= max);
	} else if (checks.pattern) {
		const pattern = checks.pattern;
		valid = fc
			.stringMatching(pattern)
			.map((value) => (value.length > max ? value.slice(0, max) : value))
			.filter((value) => value.length >= min && pattern.test(value));
	} else {
		// Printable text, rarely empty when something is required.
		valid = fc
			.string({
				unit: 'grapheme',
				minLength: Math.max(min, 1),
				maxLength: Math.min(max, Math.max(min, 1) + 40),
			})
			.filter((value) => value.trim().length >= min);
	}
	if (options.edgy === false) return valid;
	const outOfBounds: Array<fc.Arbitrary<unknown>> = [hostileString()];
	if (min > 0) outOfBounds.push(fc.constant('x'.repeat(min - 1)), fc.constant(' '.repeat(min)));
	if (Number.isFinite(max)) outOfBounds.push(fc.constant('x'.repeat(max + 1)), fc.constant('x'.repeat(max)));
	outOfBounds.push(hostileNumber());
	return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 2, arbitrary: fc.oneof(...outOfBounds) });
}

function numberArbitrary(def: Def, options: Options): fc.Arbitrary<unknown> {
	const checks = readChecks(def);
	const lo = checks.min ?? -1_000_000;
	const hi = checks.max ?? 1_000_000;
	const valid: fc.Arbitrary<number> = checks.integer
		? fc.integer({
				min: Math.ceil(lo + (checks.minInclusive === false ? 1 : 0)),
				max: Math.floor(hi - (checks.maxInclusive === false ? 1 : 0)),
			})
		: fc.double({
				min: lo,
				max: hi,
				noNaN: true,
				noDefaultInfinity: true,
				minExcluded: checks.minInclusive === false,
				maxExcluded: checks.maxInclusive === false,
			});
	if (options.edgy === false) return valid;
	const outOfRange = fc.constantFrom<unknown>(
		lo - 1,
		hi + 1,
		lo - 0.5,
		hi + 0.5,
		checks.integer ? lo + 0.5 : lo,
		String(lo),
		String(hi + 1),
	);
	return fc.oneof(
		{ weight: 5, arbitrary: valid },
		{ weight: 2, arbitrary: outOfRange },
		{ weight: 2, arbitrary: hostileNumber() },
	);
}

/** A value for keys that may be omitted: `undefined` means "leave the key out". */
function isOptionalInObject(def: Def): boolean {
	if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') return true;
	// z.preprocess: the preprocessor usually gives missing values their default.
	if (def.type === 'pipe' && defOf(def.in).type === 'transform') return true;
	if (def.type === 'pipe') return isOptionalInObject(defOf(def.in));
	return false;
}

function pipeInput(def: Def): unknown {
	const input = defOf(def.in);
	const output = defOf(def.out);
	if (input.type === 'transform') return def.out;
	if (output.type === 'transform') return def.in;
	// Both sides are schemas of the same kind (string -> email): the output is the narrower.
	return input.type === output.type ? def.out : def.in;
}

/** An arbitrary of values for the schema (mostly valid; edgy ones mixed in by default). */
export function zodArbitrary(schema: unknown, options: Options = {}): fc.Arbitrary<unknown> {
	const def = defOf(schema);
	const edgy = options.edgy !== false;
	const maybeWrong = (arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
		edgy ? fc.oneof({ weight: 8, arbitrary }, { weight: 1, arbitrary: fc.jsonValue() }) : arbitrary;
	switch (def.type) {
		case 'string':
			return stringArbitrary(def, options);
		case 'number':
		case 'int':
		case 'bigint':
			return numberArbitrary(def, options);
		case 'boolean':
			return maybeWrong(fc.boolean());
		case 'null':
			return maybeWrong(fc.constant(null));
		case 'undefined':
		case 'void':
			return fc.constant(undefined);
		case 'enum': {
			const values = Object.values(def.entries as Record<string, unknown>);
			const arbitrary = fc.constantFrom(...values);
			if (!edgy) return arbitrary;
			const near = values
				.filter((v): v is string => typeof v === 'string')
				.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`]);
			return fc.oneof(
				{ weight: 6, arbitrary },
				{ weight: 1, arbitrary: near.length ? fc.constantFrom(...near) : hostileString() },
			);
		}
		case 'literal':
			return maybeWrong(fc.constantFrom(...(def.values as unknown[])));
		case 'array': {
			const checks = readChecks(def);
			const element = zodArbitrary(def.element, options);
			const arbitrary = fc.array(element, {
				minLength: checks.minLength ?? 0,
				maxLength: Math.min(checks.maxLength ?? 8, 8),
			});
			if (!edgy) return arbitrary;
			const tooMany =
				checks.maxLength !== undefined
					? fc.constant(Array.from({ length: checks.maxLength + 1 }, (_, i) => `item ${i}`))
					: fc.constant(Array.from({ length: 1000 }, (_, i) => i));
			return fc.oneof({ weight: 6, arbitrary }, { weight: 1, arbitrary: tooMany });
		}
		case 'object': {
			const shape = def.shape as Record<string, unknown>;
			const entries = Object.entries(shape).map(([key, value]) => {
				const override = options.overrides?.[key];
				const arbitrary = override
					? edgy
						? fc.oneof(
								{ weight: 5, arbitrary: override },
								{ weight: 1, arbitrary: zodArbitrary(value, options) },
							)
						: override
					: zodArbitrary(value, options);
				return [
					key,
					isOptionalInObject(defOf(value)) ? fc.option(arbitrary, { nil: undefined }) : arbitrary,
				] as const;
			});
			return fc.record(Object.fromEntries(entries)).map((record) =>
				// fc.option's undefined means "key absent", as a form that leaves it out would send.
				Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)),
			);
		}
		case 'optional':
			return fc.option(zodArbitrary(def.innerType, options), { nil: undefined });
		case 'nullable':
			return fc.option(zodArbitrary(def.innerType, options), { nil: null });
		case 'default':
		case 'prefault':
			return fc.option(zodArbitrary(def.innerType, options), { nil: undefined });
		case 'catch':
		case 'readonly':
		case 'nonoptional':
		case 'lazy':
			return zodArbitrary(def.innerType ?? (def.getter ? def.getter() : undefined), options);
		case 'union':
			return fc.oneof(...(def.options as unknown[]).map((option) => zodArbitrary(option, options)));
		case 'intersection':
			return fc
				.tuple(zodArbitrary(def.left, options), zodArbitrary(def.right, options))
				.map(([a, b]) => (isPlainObject(a) && isPlainObject(b) ? { ...a, ...b } : a));
		case 'pipe':
			return zodArbitrary(pipeInput(def), options);
		case 'record':
			return fc.dictionary(fc.string({ maxLength: 10 }), zodArbitrary(def.valueType, options), {
				maxKeys: 5,
			});
		default: // 'transform', 'unknown', 'any' and the rest: any JSON value
			return fc.jsonValue({ maxDepth: 3 });
	}
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Values of the wrong kind for almost any field. */
export const wrongType = (): fc.Arbitrary<unknown> =>
	fc.oneof(
		fc.constantFrom<unknown>(null, true, false, 0, -1, 1e308, '', [], {}, [[]], { '': {} }),
		hostileString(),
		hostileNumber(),
		fc.jsonValue({ maxDepth: 2 }),
	);

/** Nesting deeper than any real payload: arrays and objects `depth` levels down. */
export function deeplyNested(depth: number, kind: 'array' | 'object'): unknown {
	let value: unknown = 'bottom';
	for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
	return value;
}

/** An object whose own enumerable keys include one that pollutes prototypes when merged. */
function withOwnKey(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
	const copy = { ...target };
	Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
	return copy;
}

/** A marker key the prototype-pollution payloads set; it must never show up anywhere. */
export const POLLUTION_MARKER = 'pollutedByFuzz';

type Mutation = (body: Record<string, unknown>, keyIndex: number, junk: unknown) => unknown;

const MUTATIONS: Record<string, Mutation> = {
	dropKey: (body, i) => {
		const keys = Object.keys(body);
		if (!keys.length) return body;
		const { [keys[i % keys.length]!]: _dropped, ...rest } = body;
		return rest;
	},
	wrongType: (body, i, junk) => replaceKey(body, i, junk),
	extraKeys: (body, _i, junk) => ({
		...body,
		id: 1,
		role: 'editor',
		isBanned: false,
		authorId: 1,
		userId: 1,
		status: 'approved',
		extra: junk,
	}),
	deepJunk: (body, i) => replaceKey(body, i, deeplyNested(i % 2 ? 2000 : 500, i % 3 ? 'array' : 'object')),
	longString: (body, i) => replaceKey(body, i, longString(i % 2 ? 'a' : '\u05d0', 100_000)),
	unicode: (body, i) =>
		replaceKey(
			body,
			i,
			[
				'\ud800lone',
				'rtl\u202eoverride',
				'emoji🙂🛒',
				'nul\u0000byte',
				'\u0000',
				'zw\u200b\u200c\u200d',
				'ｆｕｌｌ',
			][i % 7],
		),
	numberOutOfRange: (body, i) =>
		replaceKey(body, i, [1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0, 1.5, 2 ** 31][i % 7]),
	arrayForObject: (body, i) => (i % 2 ? [body] : replaceKey(body, i, [{ nested: body }])),
	protoPollution: (body, i) =>
		withOwnKey(
			body,
			['__proto__', 'constructor', 'prototype'][i % 3]!,
			i % 3 === 1
				? { prototype: { [POLLUTION_MARKER]: true, role: 'editor' } }
				: { [POLLUTION_MARKER]: true, role: 'editor', isBanned: false },
		),
	nestedProto: (body, i) => replaceKey(body, i, withOwnKey({}, '__proto__', { [POLLUTION_MARKER]: true })),
	notAnObject: (_body, i) => [null, 42, 'text', true, [], [1, 2, 3], ''][i % 7],
};

function replaceKey(body: Record<string, unknown>, index: number, value: unknown): Record<string, unknown> {
	const keys = Object.keys(body);
	if (!keys.length) return { field: value };
	return { ...body, [keys[index % keys.length]!]: value };
}

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/**
 * Breaks valid objects from `valid` with one to three mutations; the mutation names travel
 * with the value so a failure says what was done.
 */
export function malformedArbitrary(
	valid: fc.Arbitrary<unknown>,
): fc.Arbitrary<{ body: unknown; mutations: string[] }> {
	const step = fc.tuple(fc.constantFrom(...MUTATION_NAMES), fc.nat(50), wrongType());
	return fc.tuple(valid, fc.array(step, { minLength: 1, maxLength: 3 })).map(([start, steps]) => {
		let body: unknown = start;
		for (const [name, index, junk] of steps) {
			body = isPlainObject(body)
				? MUTATIONS[name]!(body, index, junk)
				: MUTATIONS.wrongType!({ value: body }, index, junk);
		}
		return { body, mutations: steps.map(([name]) => name) };
	});
}

/**
 * Query-string values for a query schema: every value as text (what a URL carries), with junk
 * keys, repeated keys and pollution keys mixed in when edgy.
 */
export function queryArbitrary(schema: z.ZodType, options: Options = {}): fc.Arbitrary<string> {
	const values = zodArbitrary(schema, options) as fc.Arbitrary<Record<string, unknown>>;
	const asText = (value: unknown): string =>
		typeof value === 'string'
			? value.slice(0, 3000)
			: value === undefined
				? ''
				: (JSON.stringify(value)?.slice(0, 3000) ?? '');
	const extra = fc.array(
		fc.tuple(
			fc.oneof(
				fc.constantFrom(
					'__proto__',
					'constructor',
					'prototype',
					'__proto__[role]',
					'constructor[prototype][x]',
					'search',
					'limit',
					'id',
					'',
				),
				fc.string({ maxLength: 10 }),
			),
			fc.oneof(
				hostileString().map((s) => s.slice(0, 3000)),
				fc.string({ maxLength: 20 }),
			),
		),
		{ maxLength: options.edgy === false ? 0 : 3 },
	);
	return fc.tuple(values, extra).map(([record, pairs]) => {
		const params = new URLSearchParams();
		for (const [key, value] of Object.entries(isPlainObject(record) ? record : {}))
			params.append(key, asText(value));
		for (const [key, value] of pairs) params.append(key, value);
		// Stay under Node's 16 KB header limit (a 431 from the HTTP layer tests nothing of ours).
		const entries = [...params.entries()];
		while (new URLSearchParams(entries).toString().length > 8000) {
			const longest = entries.reduce((a, b) => (b[1].length > a[1].length ? b : a));
			longest[1] = longest[1].slice(0, Math.floor(longest[1].length / 2));
		}
		return new URLSearchParams(entries).toString();
	});
}
