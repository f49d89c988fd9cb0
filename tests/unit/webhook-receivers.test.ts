/** Which addresses a webhook may reach: public ones; never private, loopback or link-local. */
import { describe, expect, it } from 'vitest';
import { isInternalAddress } from '@/server/webhooks/receivers';

describe('isInternalAddress', () => {
	it.each(['203.0.114.1', '8.8.8.8', '93.184.215.14', '2606:4700::1111', '::ffff:8.8.8.8'])(
		'lets %s through',
		(address) => expect(isInternalAddress(address)).toBe(false),
	);

	it.each([
		'127.0.0.1',
		'10.0.0.1',
		'172.16.5.4',
		'192.168.1.1',
		'169.254.169.254',
		'100.64.0.1',
		'0.0.0.0',
		'::1',
		'::',
		'fe80::1',
		'fd00::1',
		'::ffff:127.0.0.1',
		'::ffff:10.0.0.1',
		'not an address',
	])('refuses %s', (address) => expect(isInternalAddress(address)).toBe(true));
});
