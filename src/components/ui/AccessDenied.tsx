import { buttonClasses } from './button-classes';

/** Shown by <Protected role=...> when the signed-in user's role differs. */
export function AccessDenied() {
	return (
		<div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
			<div className="flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive" aria-hidden="true">
				<svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
					<rect x="4" y="11" width="16" height="10" rx="2" />
					<path d="M8 11V7a4 4 0 0 1 8 0v4" />
				</svg>
			</div>
			<h1 className="text-2xl font-bold tracking-tight text-ink">Access Denied</h1>
			<p className="text-muted">You don't have permission to access this page.</p>
			<a href="/" className={buttonClasses({ variant: 'primary' })}>
				Back to Home
			</a>
		</div>
	);
}
