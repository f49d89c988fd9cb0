/**
 * Newsletter rules shared by the dashboard's Newsletter tab and the endpoints, so both say the
 * same sentence.
 */
import { z } from 'zod';
import { emailField } from './auth';
import { MAX_CONTENT_LENGTH, markdownBody, requiredText } from './content';

export const MAX_SUBJECT_LENGTH = 200;

/** POST and PUT /api/admin/newsletters: a subject line and markdown content. */
export const newsletterIssueSchema = z.object({
	subject: requiredText('Subject', MAX_SUBJECT_LENGTH),
	content: markdownBody(requiredText('Content', MAX_CONTENT_LENGTH)),
});
export type NewsletterIssueInput = z.output<typeof newsletterIssueSchema>;

/** The token of an unsubscribe link: 32 base32 characters, as the mail carries it. */
export const unsubscribeTokenSchema = z.object({
	token: z
		.string({ error: 'The unsubscribe link is incomplete.' })
		.regex(/^[a-z2-7]{32}$/, 'The unsubscribe link is not valid.'),
});

/** POST /api/newsletter/subscribe from a visitor (signed out): the address to confirm. */
export const newsletterSubscribeSchema = z.object({ email: emailField });

export const CONFIRMATION_LINK_INVALID = 'The confirmation link is invalid or missing.';

/** POST /api/newsletter/confirm: the token of the mailed link, 32 base32 characters. */
export const newsletterConfirmSchema = z.object({
	token: z.string({ error: CONFIRMATION_LINK_INVALID }).regex(/^[a-z2-7]{32}$/, CONFIRMATION_LINK_INVALID),
});
