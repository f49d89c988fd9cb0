/**
 * Account forms' rules, shared by the islands and the endpoints so both say the same thing.
 */
import { MAX_DISPLAY_NAME_LENGTH } from '@/lib/author-name';
import { z } from 'zod';
import { attributionField } from './analytics';

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@/lib/password-rules';
import type { SessionUser } from '@/lib/session-user';
import type { Wire } from '@/lib/wire';

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

export const emailField = z
	.string({ error: 'Email is required.' })
	.trim()
	.min(1, 'Email is required.')
	.max(254, 'Email is too long.')
	.pipe(z.email({ error: 'Please enter a valid email address.' }))
	.transform((value) => value.toLowerCase());

/** Usernames: 3 to 30 letters, digits, dots, dashes or underscores (our choice; the product sets no rule). */
export const usernameField = z
	.string({ error: 'Username is required.' })
	.trim()
	.min(1, 'Username is required.')
	.min(3, 'Username must be at least 3 characters long.')
	.max(30, 'Username must be at most 30 characters long.')
	.regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores.');

export const newPasswordField = z
	.string({ error: 'Password is required.' })
	.min(1, 'Password is required.')
	.min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long.')
	.max(MAX_PASSWORD_LENGTH, 'Password is too long.');

const presentPassword = z
	.string({ error: 'Password is required.' })
	.min(1, 'Password is required.')
	.max(MAX_PASSWORD_LENGTH, 'Password is too long.');

export const loginSchema = z.object({ email: emailField, password: presentPassword });

export const registerSchema = z.object({
	email: emailField,
	username: usernameField,
	password: newPasswordField,
	attribution: attributionField,
});

export const forgotPasswordSchema = z.object({
	email: z
		.string({ error: 'Please enter your email address.' })
		.trim()
		.min(1, 'Please enter your email address.')
		.max(254, 'Email is too long.')
		.pipe(z.email({ error: 'Please enter a valid email address.' }))
		.transform((value) => value.toLowerCase()),
});

export const resetPasswordSchema = z.object({
	token: z
		.string({ error: 'The password reset link is invalid or missing.' })
		.min(1, 'The password reset link is invalid or missing.')
		.max(128, 'The password reset link is invalid or missing.'),
	newPassword: newPasswordField,
});

export const changeEmailSchema = z.object({
	email: z
		.string({ error: 'Please enter a new email address.' })
		.trim()
		.min(1, 'Please enter a new email address.')
		.max(254, 'Email is too long.')
		.pipe(z.email({ error: 'Please enter a valid email address.' }))
		.transform((value) => value.toLowerCase()),
	currentPassword: presentPassword,
});

/** The token of a verification link (/verify-email#token=…), sent back by the page's button. */
export const verifyEmailSchema = z.object({
	token: z
		.string({ error: 'The verification link is invalid or missing.' })
		.min(1, 'The verification link is invalid or missing.')
		.max(128, 'The verification link is invalid or missing.'),
});

/** A work email to verify (POST /api/profile/work-email). */
export const workEmailSchema = z.object({ email: emailField });

export const changePasswordSchema = z.object({
	currentPassword: presentPassword,
	newPassword: newPasswordField,
});

/** A byline's name: trimmed; empty clears it (the username stands). */
export const displayNameSchema = z.object({
	displayName: z
		.string({ error: 'The display name must be text.' })
		.trim()
		.max(MAX_DISPLAY_NAME_LENGTH, `The display name can be at most ${MAX_DISPLAY_NAME_LENGTH} characters.`)
		.regex(/^[^\p{Cc}]*$/u, 'The display name cannot contain control characters.')
		.nullable()
		.transform((name) => name || null),
});

export const newsletterSchema = z.object({
	isNewsletterSubscribed: z.boolean({ error: 'The newsletter choice must be true or false.' }),
});

/** The user as the API returns it (GET /api/user, login, register). */
export type PublicUser = Wire<SessionUser>;
