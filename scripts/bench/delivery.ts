/**
 * Delivery checks: each kind of answer is requested with `Accept-Encoding: br, gzip` and read
 * raw (node:http, no decoding) for its Content-Encoding and Cache-Control, then asked again with
 * If-None-Match for a 304 where it carries an ETag.
 */
import { request } from 'node:http';

export type DeliveryCheck = {
	kind: string;
	path: string;
	status: number;
	contentType: string;
	encoding: string | null;
	cacheControl: string | null;
	etag: string | null;
	notModified: boolean | null;
	/** Encoded bytes on the wire. */
	bytes: number;
	expectCompressed: boolean;
	expectedCache: 'immutable' | 'revalidate' | 'any';
	ok: boolean;
	problems: string[];
};

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; bytes: number };

function get(url: string, headers: Record<string, string>): Promise<Raw> {
	return new Promise((resolve, reject) => {
		const req = request(url, { headers }, (res) => {
			let bytes = 0;
			res.on('data', (chunk: Buffer) => (bytes += chunk.length));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
			res.on('error', reject);
		});
		req.on('error', reject);
		req.end();
	});
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

export type DeliveryTarget = {
	kind: string;
	path: string;
	expectCompressed: boolean;
	expectedCache: 'immutable' | 'revalidate' | 'any';
};

export async function checkDelivery(origin: string, target: DeliveryTarget): Promise<DeliveryCheck> {
	const accept = { 'accept-encoding': 'br, gzip' };
	const first = await get(origin + target.path, accept);
	const etag = one(first.headers.etag);
	const cacheControl = one(first.headers['cache-control']);
	const encoding = one(first.headers['content-encoding']);
	let notModified: boolean | null = null;
	if (etag) {
		const second = await get(origin + target.path, { ...accept, 'if-none-match': etag });
		notModified = second.status === 304;
	}
	const problems: string[] = [];
	if (first.status !== 200) problems.push(`status ${first.status}`);
	if (target.expectCompressed && !(encoding === 'br' || encoding === 'gzip')) {
		problems.push('not compressed');
	}
	const cc = (cacheControl ?? '').toLowerCase();
	if (
		target.expectedCache === 'immutable' &&
		!(cc.includes('immutable') && cc.includes('max-age=31536000'))
	) {
		problems.push(`cache-control "${cacheControl ?? ''}" is not a one-year immutable`);
	}
	if (
		target.expectedCache === 'revalidate' &&
		!(
			cc.includes('no-cache') ||
			cc.includes('no-store') ||
			// max-age=0: browsers revalidate (a shared cache may keep it per its s-maxage)
			/(^|[ ,])max-age=0\b/.test(cc)
		)
	) {
		problems.push(`cache-control "${cacheControl ?? ''}" does not revalidate`);
	}
	if (notModified === false) problems.push('no 304 for its own ETag');
	return {
		kind: target.kind,
		path: target.path,
		status: first.status,
		contentType: one(first.headers['content-type']) ?? '',
		encoding,
		cacheControl,
		etag,
		notModified,
		bytes: first.bytes,
		expectCompressed: target.expectCompressed,
		expectedCache: target.expectedCache,
		ok: problems.length === 0,
		problems,
	};
}
