import { platformPath } from '@/lib/public-paths';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { failureText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { $follows, loadFollows, setFollowing } from '@/stores/follows';
import { sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';

/** The profile's list of followed platforms, each with Unfollow. */
export function FollowedPlatforms() {
	const follows = useStore($follows);
	const [busy, setBusy] = useState<number | null>(null);

	useEffect(() => {
		loadFollows().catch((error: unknown) => {
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to load followed platforms',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		});
	}, []);

	async function unfollow(platformId: number, name: string) {
		setBusy(platformId);
		try {
			await setFollowing(platformId, false);
			toast({ title: 'Unfollowed', description: `You no longer follow ${name}.` });
		} catch (error) {
			if (sessionEnded(error)) return;
			toast({
				title: 'Failed to unfollow',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(null);
		}
	}

	return (
		<section className="space-y-3" aria-labelledby="follows-title" data-testid="profile-follows">
			<h2 id="follows-title" className="text-lg font-semibold text-slate-900">
				Followed platforms
			</h2>
			<p className="text-sm text-slate-700">
				Their changes and new reviews come to you in one email a day at most.
			</p>
			{follows === undefined ? null : follows.length === 0 ? (
				<p className="text-sm text-slate-700">
					You follow no platforms yet. Use Follow on a platform's page.
				</p>
			) : (
				// biome-ignore lint/a11y/noRedundantRoles: Tailwind's preflight sets list-style: none, on which Safari drops the list role; the explicit role keeps it
				<ul role="list" className="divide-y divide-border">
					{follows.map((follow) => (
						<li key={follow.platformId} className="flex flex-wrap items-center justify-between gap-3 py-3">
							<span className="min-w-0 break-words">
								<a
									href={platformPath(follow.slug)}
									className="font-medium text-brand-700 underline-offset-4 hover:underline"
								>
									{follow.name}
								</a>
								<span className="block text-xs text-slate-600">Since {formatDate(follow.followedAt)}</span>
							</span>
							<Button
								type="button"
								variant="outline"
								size="sm"
								loading={busy === follow.platformId}
								onClick={() => unfollow(follow.platformId, follow.name)}
								aria-label={`Unfollow ${follow.name}`}
							>
								Unfollow
							</Button>
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
