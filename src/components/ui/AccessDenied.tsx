import { buttonClasses } from './button-classes';
import { LineIcon } from './LineIcon';

/** Shown by <Protected role=...> when the signed-in user's role differs. */
export function AccessDenied() {
	return (
		<div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
			<div
				className="flex size-12 items-center justify-center rounded-full bg-red-50 text-destructive"
				aria-hidden="true"
			>
				<LineIcon className="size-6">
					<rect x="4" y="11" width="16" height="10" rx="2" />
					<path d="M8 11V7a4 4 0 0 1 8 0v4" />
				</LineIcon>
			</div>
			<h1 className="text-2xl font-bold tracking-tight text-ink">Access Denied</h1>
			<p className="text-muted">You don't have permission to access this page.</p>
			<a href="/" className={buttonClasses({ variant: 'primary' })}>
				Back to Home
			</a>
		</div>
	);
}
