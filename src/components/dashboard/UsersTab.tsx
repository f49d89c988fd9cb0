/**
 * The Users tab: server-side search by username or email, the four stat
 * tiles, and per user Change Password (anyone but oneself), Ban and Unban (non-editors other
 * than oneself), each behind a dialog. The server applies the same rules (auth/permissions.ts).
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { $user } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { AdminUser, AdminUserList } from './api-types';
import { Badge } from './Badge';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadError } from './LoadError';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { PasswordDialog } from './PasswordDialog';
import { SearchField } from './SearchField';
import { StatTile } from './StatTile';
import { useApiData, withQuery } from './use-api-data';
import { useDebouncedValue } from './use-debounced-value';

const PAGE_SIZE = 20;

type BanAction = { user: AdminUser; ban: boolean };

function UserRow({
	user,
	selfId,
	onPassword,
	onBan,
}: {
	user: AdminUser;
	selfId: number | undefined;
	onPassword: () => void;
	onBan: (ban: boolean) => void;
}) {
	const self = user.id === selfId;
	const canBan = !self && user.role !== 'editor';
	return (
		<li className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="user-row">
			<div className="min-w-0">
				<p className="flex flex-wrap items-center gap-2">
					<span className="font-semibold text-ink">{user.username}</span>
					{self && <span className="text-xs text-muted">(you)</span>}
					<Badge tone={user.role === 'editor' ? 'brand' : 'neutral'}>
						{user.role === 'editor' ? 'Editor' : 'User'}
					</Badge>
					{user.isBanned ? (
						<Badge tone="danger">Banned</Badge>
					) : (
						<Badge tone="success">Active</Badge>
					)}
					{user.isNewsletterSubscribed && <Badge tone="warning">Newsletter</Badge>}
				</p>
				<p className="mt-1 wrap-anywhere text-sm text-muted">
					{user.email}
					{!user.emailVerified && (
						// Newsletters skip this account until its owner confirms the address.
						<span data-testid="user-unverified"> (not verified)</span>
					)}
					<span aria-hidden="true"> · </span>
					Joined {formatDate(user.createdAt)}
				</p>
			</div>
			<div className="flex flex-wrap gap-2">
				{!self && (
					<Button
						variant="outline"
						size="sm"
						aria-label={`Change password of ${user.username}`}
						onClick={onPassword}
					>
						Change Password
					</Button>
				)}
				{canBan &&
					(user.isBanned ? (
						<Button
							variant="outline"
							size="sm"
							aria-label={`Unban ${user.username}`}
							onClick={() => onBan(false)}
						>
							Unban
						</Button>
					) : (
						<Button
							variant="destructive"
							size="sm"
							aria-label={`Ban ${user.username}`}
							onClick={() => onBan(true)}
						>
							Ban
						</Button>
					))}
			</div>
		</li>
	);
}

export default function UsersTab() {
	const me = useStore($user);
	const [search, setSearch] = useState('');
	const query = useDebouncedValue(search.trim());
	const [offset, setOffset] = useState(0);
	const list = useApiData<AdminUserList>(
		withQuery('/api/admin/users', { search: query, limit: PAGE_SIZE, offset }),
	);
	const [passwordFor, setPasswordFor] = useState<AdminUser | null>(null);
	const [banAction, setBanAction] = useState<BanAction | null>(null);

	const users = list.data?.users ?? [];
	const stats = list.data?.stats;

	async function applyBan({ user, ban }: BanAction): Promise<boolean> {
		try {
			await apiRequest('PUT', `/api/admin/users/${user.id}/${ban ? 'ban' : 'unban'}`);
			toast(
				ban
					? {
							title: 'User banned',
							description: `${user.username} was signed out and cannot sign in.`,
						}
					: { title: 'User unbanned', description: `${user.username} can sign in again.` },
			);
			list.reload();
			return true;
		} catch (error) {
			toast({
				title: ban ? 'Failed to ban user' : 'Failed to unban user',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			// Another editor may have changed or removed it meanwhile: show the list as it is.
			list.reload();
			return false;
		}
	}

	return (
		<section aria-labelledby="users-heading">
			<PanelHeader id="users-heading" title="Users" description="Accounts, roles and bans." />
			<dl className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
				<StatTile label="Total Users" value={stats?.totalUsers} testId="stat-total-users" />
				<StatTile label="Editors" value={stats?.editors} testId="stat-editors" />
				<StatTile label="Banned Users" value={stats?.bannedUsers} testId="stat-banned-users" />
				<StatTile
					label="Newsletter Subscribers"
					value={stats?.newsletterSubscribers}
					testId="stat-newsletter"
				/>
			</dl>
			<div className="mb-4 flex flex-wrap items-center gap-3">
				<SearchField
					id="user-search"
					label="Search users"
					placeholder="Search by username or email..."
					value={search}
					onChange={(value) => {
						setSearch(value);
						setOffset(0);
					}}
				/>
				{list.loading && list.data && <span className="text-sm text-muted">Loading...</span>}
			</div>
			{list.error && !list.data ? (
				<LoadError what="the users" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading users..." />
			) : users.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-8 text-center text-muted">
					{query ? 'No users found matching your search.' : 'No users found.'}
				</p>
			) : (
				<ul
					className="divide-y divide-border rounded-xl border border-border bg-surface shadow-sm"
					aria-label="Users"
				>
					{users.map((user) => (
						<UserRow
							key={user.id}
							user={user}
							selfId={me?.id}
							onPassword={() => setPasswordFor(user)}
							onBan={(ban) => setBanAction({ user, ban })}
						/>
					))}
				</ul>
			)}
			<Pager
				offset={offset}
				pageSize={PAGE_SIZE}
				count={users.length}
				total={list.data?.total}
				label="Users"
				onChange={setOffset}
			/>
			<PasswordDialog user={passwordFor} onOpenChange={(open) => !open && setPasswordFor(null)} />
			<ConfirmDialog
				open={banAction !== null}
				onOpenChange={(open) => !open && setBanAction(null)}
				title={banAction?.ban === false ? 'Unban User' : 'Ban User'}
				description={
					banAction &&
					(banAction.ban
						? `Ban ${banAction.user.username}? They are signed out everywhere at once and cannot sign in until unbanned.`
						: `Unban ${banAction.user.username}? They can sign in again.`)
				}
				confirmLabel={banAction?.ban === false ? 'Unban User' : 'Ban User'}
				destructive={banAction?.ban !== false}
				onConfirm={() => (banAction ? applyBan(banAction) : Promise.resolve(true))}
			/>
		</section>
	);
}
