/**
 * The newsletter band's form. The typed email is only checked for presence: the
 * subscribe call has no body and the server subscribes the signed-in account, so a visitor who
 * is not signed in is asked to sign in instead.
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

type SubscribeAnswer = { message?: string; user?: PublicUser };

export default function NewsletterSignup() {
	const [email, setEmail] = useState('');
	useTypedBeforeHydration('newsletter-email', setEmail);
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
			toast({ title: 'Email required', description: 'Please enter your email address', variant: 'destructive' });
			return;
		}
		setBusy(true);
		try {
			const user = await loadUser();
			if (!user) {
				toast({
					title: 'Subscription failed',
					description: 'Please sign in to subscribe to our newsletter',
					variant: 'destructive',
				});
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
				Sign in to subscribe: we send it to your account's email address. Unsubscribe any time from your
				profile.
			</p>
			{hydrated && user && waitsForVerification(user) && (
				<p className="mt-3 rounded-md bg-white/10 p-3 text-sm text-white" data-testid="newsletter-band-unverified">
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
