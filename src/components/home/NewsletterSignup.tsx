/**
 * The newsletter band's form. The typed email is only checked for presence: the
 * subscribe call has no body and the server subscribes the signed-in account, so a visitor who
 * is not signed in is asked to sign in instead.
 */
import { useState, type SubmitEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import type { PublicUser } from '@/lib/validation/auth';
import { loadUser, setUser } from '@/stores/session';
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
		</form>
	);
}
