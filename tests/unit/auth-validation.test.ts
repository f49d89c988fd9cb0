/** The account form rules shared by the islands and the endpoints. */
import { describe, expect, it } from 'vitest';
import {
	changeEmailSchema,
	changePasswordSchema,
	forgotPasswordSchema,
	loginSchema,
	newsletterSchema,
	registerSchema,
	resetPasswordSchema,
} from '@/lib/validation/auth';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
	expect(result.success).toBe(false);
	return result.error!.issues[0]!.message;
}

describe('registerSchema', () => {
	const valid = { email: 'a@example.com', username: 'abc', password: '123456' };

	it('normalises the email and trims the username', () => {
		expect(
			registerSchema.parse({ email: ' A@Example.COM ', username: ' Bob.Smith-1_ ', password: '123456' }),
		).toEqual({ email: 'a@example.com', username: 'Bob.Smith-1_', password: '123456' });
	});

	it('does not trim passwords (spaces are characters)', () => {
		expect(registerSchema.parse({ ...valid, password: ' 12345 ' }).password).toBe(' 12345 ');
		expect(firstMessage(registerSchema.safeParse({ ...valid, password: '12345' }))).toBe(
			'Password must be at least 6 characters long.',
		);
	});

	it.each([
		[{ ...valid, username: 'a'.repeat(3) }, true],
		[{ ...valid, username: 'a'.repeat(30) }, true],
		[{ ...valid, username: 'a'.repeat(31) }, false],
		[{ ...valid, username: 'émile' }, false],
		[{ ...valid, username: 'a b' }, false],
		[{ ...valid, password: 'x'.repeat(256) }, true],
		[{ ...valid, password: 'x'.repeat(257) }, false],
		[{ ...valid, email: `${'a'.repeat(242)}@example.com` }, true],
		[{ ...valid, email: `${'a'.repeat(243)}@example.com` }, false],
	])('%j valid: %s', (input, ok) => {
		expect(registerSchema.safeParse(input).success).toBe(ok);
	});

	it('drops fields the client may not set', () => {
		const parsed = registerSchema.parse({ ...valid, role: 'editor', isBanned: true });
		expect(parsed).not.toHaveProperty('role');
		expect(parsed).not.toHaveProperty('isBanned');
	});
});

describe('loginSchema', () => {
	it('needs an email and any non-empty password', () => {
		expect(loginSchema.parse({ email: 'X@Y.io', password: 'a' })).toEqual({ email: 'x@y.io', password: 'a' });
		expect(firstMessage(loginSchema.safeParse({ email: 'x@y.io', password: '' }))).toBe(
			'Password is required.',
		);
		expect(firstMessage(loginSchema.safeParse({ password: 'a' }))).toBe('Email is required.');
	});
});

describe('forgotPasswordSchema', () => {
	it('needs a well-formed address (an unknown one still gets the neutral answer)', () => {
		expect(forgotPasswordSchema.parse({ email: ' Someone@Example.com ' })).toEqual({
			email: 'someone@example.com',
		});
		expect(firstMessage(forgotPasswordSchema.safeParse({ email: 'not-an-email' }))).toBe(
			'Please enter a valid email address.',
		);
		expect(firstMessage(forgotPasswordSchema.safeParse({ email: ' ' }))).toBe(
			'Please enter your email address.',
		);
	});
});

describe('resetPasswordSchema', () => {
	it('needs a token of at most 128 characters and a valid new password', () => {
		expect(resetPasswordSchema.safeParse({ token: 't', newPassword: '123456' }).success).toBe(true);
		expect(firstMessage(resetPasswordSchema.safeParse({ token: '', newPassword: '123456' }))).toBe(
			'The password reset link is invalid or missing.',
		);
		expect(
			firstMessage(resetPasswordSchema.safeParse({ token: 'x'.repeat(129), newPassword: '123456' })),
		).toBe('The password reset link is invalid or missing.');
		expect(firstMessage(resetPasswordSchema.safeParse({ token: 't', newPassword: '1' }))).toBe(
			'Password must be at least 6 characters long.',
		);
	});
});

describe('changeEmailSchema and changePasswordSchema', () => {
	it('use the profile wording', () => {
		expect(firstMessage(changeEmailSchema.safeParse({ email: '', currentPassword: 'x' }))).toBe(
			'Please enter a new email address.',
		);
		expect(firstMessage(changeEmailSchema.safeParse({ email: 'x', currentPassword: 'x' }))).toBe(
			'Please enter a valid email address.',
		);
		expect(changeEmailSchema.parse({ email: ' New@X.io', currentPassword: 'x' }).email).toBe('new@x.io');
		expect(firstMessage(changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'short' }))).toBe(
			'Password must be at least 6 characters long.',
		);
	});
});

describe('newsletterSchema', () => {
	it.each([
		[true, true],
		[false, true],
		['true', false],
		[1, false],
		[null, false],
		[undefined, false],
	])('%j accepted: %s', (value, ok) => {
		expect(newsletterSchema.safeParse({ isNewsletterSubscribed: value }).success).toBe(ok);
	});
});
