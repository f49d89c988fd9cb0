import { authHref } from '@/lib/return-path';

/** The signed-out hint beside a community form, linking to /auth and back to this page. */
export function SignInPrompt({ action }: { action: string }) {
	return (
		<p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-900">
			<a
				href={authHref({ returnTo: typeof window === 'undefined' ? null : window.location.pathname })}
				className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
			>
				Sign in to {action}
			</a>{' '}
			— it takes a minute to create an account.
		</p>
	);
}
