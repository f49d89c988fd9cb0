import { authHref } from '@/lib/return-path';

/** The signed-out hint beside a community form, linking to /auth and back to this page. */
/**
 * `returnTo`: the page to come back to after signing in. A prompt in the server's HTML needs it
 * (there is no window there); one shown after an action may leave it to the current address.
 */
export function SignInPrompt({ action, returnTo }: { action: string; returnTo?: string }) {
	return (
		<p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
			<a
				href={authHref({
					returnTo: returnTo ?? (typeof window === 'undefined' ? null : window.location.pathname),
				})}
				className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
			>
				Sign in to {action}
			</a>{' '}
			— it takes a minute to create an account.
		</p>
	);
}
