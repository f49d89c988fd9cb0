import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { UNVERIFIED_FOLLOW } from '@/lib/validation/platform-messages';
import { Button } from '@/components/ui/Button';
import { $follows, isFollowing, loadFollows, setFollowing } from '@/stores/follows';
import { $user, loadUser } from '@/stores/session';
import { reportFailure, useCurrentUser } from './community/session';
import { SignInPrompt } from './community/SignInPrompt';

/**
 * The platform page's Follow control: a reader with a confirmed address follows the platform
 * (its changes and new reviews come in one digest mail) or unfollows it. Signed out, a press
 * shows the sign-in prompt; with the address not yet confirmed, it says why and where to
 * confirm. The page is the same file for everyone, so it hydrates at once for a signed-in
 * reader (client:interaction's `signedIn`) to show whether they follow.
 */
export function FollowButton({ platformId, name }: { platformId: number; name: string }) {
	const user = useCurrentUser();
	const follows = useStore($follows, { ssr: 'initial' });
	const [notice, setNotice] = useState<'sign-in' | 'unverified' | null>(null);
	const [busy, setBusy] = useState(false);
	const [announcement, setAnnouncement] = useState('');
	const canFollow = !!user && user.emailVerified;

	useEffect(() => {
		if (canFollow) loadFollows().catch(() => undefined);
	}, [canFollow]);

	const following = isFollowing(follows, platformId);

	async function onClick() {
		const current = $user.get() === undefined ? await loadUser() : $user.get();
		if (!current) return setNotice('sign-in');
		if (!current.emailVerified) return setNotice('unverified');
		setNotice(null);
		setBusy(true);
		let follow = true;
		try {
			// Whether the press follows or unfollows depends on the list, which may still be on
			// its way: deciding without it would follow again a platform the reader follows.
			if ($follows.get() === undefined) await loadFollows();
			follow = !isFollowing($follows.get(), platformId);
			const now = isFollowing(await setFollowing(platformId, follow), platformId);
			setAnnouncement(
				now
					? `You follow ${name}: its changes and new reviews come to you by email.`
					: `You no longer follow ${name}.`,
			);
		} catch (error) {
			if (error instanceof ApiError && error.status === 403) setNotice('unverified');
			else
				reportFailure(
					follow ? 'Failed to follow' : 'Failed to unfollow',
					error,
					'An unexpected error occurred',
				);
		} finally {
			setBusy(false);
		}
	}

	return (
		<div className="flex max-w-xs flex-col items-start gap-2 sm:items-end" data-testid="follow-platform">
			<Button
				type="button"
				variant={following ? 'secondary' : 'outline'}
				loading={busy}
				onClick={onClick}
				className="max-w-full"
			>
				{/* A long platform name ends in an ellipsis rather than widening a phone's page; the
				    heading above shows it whole, and the button's name keeps all of it. */}
				<span className="min-w-0 truncate">{following ? `Unfollow ${name}` : `Follow ${name}`}</span>
			</Button>
			{notice === 'sign-in' && <SignInPrompt action="follow this platform" />}
			{notice === 'unverified' && (
				<p
					className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
					data-testid="follow-unverified"
				>
					{UNVERIFIED_FOLLOW}{' '}
					<a href="/profile" className="font-semibold underline underline-offset-2">
						Confirm it from your profile
					</a>
					.
				</p>
			)}
			<span role="status" className="sr-only">
				{announcement}
			</span>
		</div>
	);
}
