/**
 * Newsletter rules shared by the dashboard's Newsletter tab and the endpoints, so both say the
 * same sentence.
 */
import { z } from 'zod';
import { isoInstant } from './instant';
import { emailField } from './auth';
import { MAX_CONTENT_LENGTH, markdownBody, requiredText } from './content';
import { slugField } from './addresses';
import { attributionField } from './analytics';

export const MAX_SUBJECT_LENGTH = 200;

/**
 * POST and PUT /api/admin/newsletters: a subject line, markdown content and optionally the
 * issue's address in the archive (slug).
 */
export const newsletterIssueSchema = z.object({
	subject: requiredText('Subject', MAX_SUBJECT_LENGTH),
	content: markdownBody(requiredText('Content', MAX_CONTENT_LENGTH)),
	slug: slugField('newsletter-issue'),
});
export type NewsletterIssueInput = z.output<typeof newsletterIssueSchema>;

/** The token of an unsubscribe link: 32 base32 characters, as the mail carries it. */
export const unsubscribeTokenSchema = z.object({
	token: z
		.string({ error: 'The unsubscribe link is incomplete.' })
		.regex(/^[a-z2-7]{32}$/, 'The unsubscribe link is not valid.'),
});

export const UNKNOWN_LINK = 'No such link.';

/** GET /r/{token}: a newsletter link's token, 22 base64url characters (16 random bytes). */
export const linkTokenSchema = z.string().regex(/^[\w-]{22}$/, UNKNOWN_LINK);

/** POST /api/newsletter/subscribe from a visitor (signed out): the address to confirm. */
export const newsletterSubscribeSchema = z.object({ email: emailField, attribution: attributionField });

export const CONFIRMATION_LINK_INVALID = 'The confirmation link is invalid or missing.';

/** POST /api/newsletter/confirm: the token of the mailed link, 32 base32 characters. */
export const newsletterConfirmSchema = z.object({
	token: z.string({ error: CONFIRMATION_LINK_INVALID }).regex(/^[a-z2-7]{32}$/, CONFIRMATION_LINK_INVALID),
});

export const SEND_AT_REQUIRED = 'Send time is required.';
export const SEND_AT_INVALID = 'Send time must be a date and time with its time zone (ISO 8601).';
export const SEND_AT_PAST = 'Send time must be in the future.';

/** POST /api/admin/newsletters/{id}/schedule: when to send, an ISO 8601 time still to come. */
export const newsletterScheduleSchema = z.object({
	sendAt: isoInstant(SEND_AT_REQUIRED, SEND_AT_INVALID).refine(
		(date) => date.getTime() > Date.now(),
		SEND_AT_PAST,
	),
});

/** DELETE /api/admin/newsletters/suppressions?email=: the address to lift. */
export const liftSuppressionSchema = z.object({ email: emailField });

/** GET /api/admin/newsletters/subscribers(.csv): an optional search and status. */
export const subscribersQuerySchema = z.object({
	q: z
		.string()
		.trim()
		.max(254, 'Search must be at most 254 characters.')
		.optional()
		.transform((value) => value || undefined),
	status: z
		.enum(['confirmed', 'pending', 'unsubscribed', 'suppressed'], {
			error: 'Status must be confirmed, pending, unsubscribed or suppressed.',
		})
		.optional(),
});
