/**
 * Newsletter rules shared by the dashboard's Newsletter tab and the endpoints, so both say the
 * same sentence.
 */
import { z } from 'zod';
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
