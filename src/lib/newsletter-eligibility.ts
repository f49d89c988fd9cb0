/**
 * Who the newsletter reaches, in the words the profile, the home band and the subscribe
 * endpoint share: only verified addresses receive it.
 */

/** The sentence a subscribed account with an unverified address reads. */
export const UNVERIFIED_SUBSCRIBER_NOTE =
	'We send the newsletter only to verified addresses, so you will not receive it until you confirm yours with the link we mailed you.';

/** Subscribed, yet no newsletter arrives: the address still waits for verification. */
export function waitsForVerification(user: {
	isNewsletterSubscribed: boolean;
	emailVerified: boolean;
}): boolean {
	return user.isNewsletterSubscribed && !user.emailVerified;
}
