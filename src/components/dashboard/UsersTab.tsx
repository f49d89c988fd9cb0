/**
 * The Users tab: server-side search by username or email, the four stat
 * tiles, and per user Change Password (anyone but oneself), Ban and Unban (non-editors other
 * than oneself), each behind a dialog, and the platform a user represents (they answer its
 * reviews; the platform shows as claimed). The server applies the same rules (auth/permissions.ts).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { $user } from '@/stores/session';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import type { Platform } from '@/components/platforms/types';
import type { AdminUser, AdminUserList } from './api-types';
import { Badge } from './Badge';
import { ConfirmDialog } from './ConfirmDialog';
import { Pager } from './Pager';
import { PanelHeader } from './PanelHeader';
import { SearchedListView, useSearchedList } from './searched-list';
import { PasswordDialog } from './PasswordDialog';
import { StatTile } from './StatTile';
import { useApiData } from './use-api-data';

const PAGE_SIZE = 20;

type BanAction = { user: AdminUser; ban: boolean };

type VendorAction = { user: AdminUser; platformId: number | null };

/** The platforms a user may represent, by id (for names and the select). */
type PlatformChoice = Pick<Platform, 'id' | 'name'>;

/**
 * Choosing a platform changes nothing yet: arrowing through the select would otherwise grant
 * each platform passed on the way (WCAG 3.2.2). Apply asks the tab to confirm the change.
 */
function RepresentativeSelect({
	user,
	platforms,
	onApply,
}: {
	user: AdminUser;
	platforms: PlatformChoice[];
	onApply: (platformId: number | null) => void;
}) {
	const id = `vendor-${user.id}`;
	const current = user.vendorPlatformId === null ? '' : String(user.vendorPlatformId);
	const [chosen, setChosen] = useState(current);
	// The list reloaded (this change applied, or another editor's): show what is stored now.
	useEffect(() => setChosen(current), [current]);
	return (
		<div className="flex items-center gap-2">
			<label htmlFor={id} className="text-sm text-muted">
				Represents
			</label>
			<select
				id={id}
				value={chosen}
				aria-label={`Platform ${user.username} represents`}
				onChange={(event) => setChosen(event.target.value)}
				className="h-8 max-w-48 cursor-pointer rounded-md border border-border bg-surface px-2 text-sm text-ink focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
				data-testid="user-vendor"
			>
				<option value="">No platform</option>
				{platforms.map((platform) => (
					<option key={platform.id} value={platform.id}>
						{platform.name}
					</option>
				))}
			</select>
			<Button
				variant="outline"
				size="sm"
				aria-label={`Apply the representation of ${user.username}`}
				onClick={() => {
					if (chosen !== current) onApply(chosen ? Number(chosen) : null);
				}}
			>
				Apply
			</Button>
		</div>
	);
}

function UserRow({
	user,
	selfId,
	platforms,
	onPassword,
	onBan,
	onVendor,
}: {
	user: AdminUser;
	selfId: number | undefined;
	platforms: PlatformChoice[];
	onPassword: () => void;
	onBan: (ban: boolean) => void;
	onVendor: (platformId: number | null) => void;
}) {
	const represented = platforms.find((platform) => platform.id === user.vendorPlatformId);
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
					{user.isBanned ? <Badge tone="danger">Banned</Badge> : <Badge tone="success">Active</Badge>}
					{user.isNewsletterSubscribed && <Badge tone="warning">Newsletter</Badge>}
					{represented && <Badge tone="brand">Representative of {represented.name}</Badge>}
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
			<div className="flex flex-wrap items-center gap-2">
				<RepresentativeSelect user={user} platforms={platforms} onApply={onVendor} />
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

/** The confirmation's question: representing a platform lets its holder answer the platform's reviews. */
function vendorText({ user, platformId }: VendorAction, name: string | undefined): string {
	if (platformId === null)
		return `${user.username} will no longer represent a platform or answer its reviews. Continue?`;
	return `Make ${user.username} the representative of ${name ?? 'this platform'}? They can then answer its reviews in its name, and the platform shows as claimed.`;
}

export default function UsersTab() {
	const me = useStore($user);
	const searched = useSearchedList<AdminUserList>('/api/admin/users', PAGE_SIZE);
	const { offset, setOffset, list } = searched;
	const platformList = useApiData<PlatformChoice[]>('/api/platforms?sortBy=name&sortOrder=asc');
	const platforms = platformList.data ?? [];
	const [passwordFor, setPasswordFor] = useState<AdminUser | null>(null);
	const [banAction, setBanAction] = useState<BanAction | null>(null);
	const [vendorAction, setVendorAction] = useState<VendorAction | null>(null);

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

	const platformName = (platformId: number | null) =>
		platforms.find((platform) => platform.id === platformId)?.name;

	async function applyVendor({ user, platformId }: VendorAction): Promise<boolean> {
		const name = platformName(platformId);
		let applied = true;
		try {
			await apiRequest('PUT', `/api/admin/users/${user.id}/vendor`, { platformId });
			toast(
				name
					? { title: 'Representative set', description: `${user.username} now answers reviews of ${name}.` }
					: {
							title: 'Representative removed',
							description: `${user.username} no longer represents a platform.`,
						},
			);
		} catch (error) {
			toast({
				title: 'Failed to set the representative',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
			applied = false;
		}
		list.reload();
		return applied;
	}

	return (
		<section aria-labelledby="users-heading">
			<PanelHeader
				id="users-heading"
				title="Users"
				description="Accounts, roles, bans and platform representatives."
			/>
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
			<SearchedListView
				searched={searched}
				searchId="user-search"
				searchLabel="Search users"
				placeholder="Search by username or email..."
				what="users"
				isEmpty={users.length === 0}
				emptyText={(query) => (query ? 'No users found matching your search.' : 'No users found.')}
			>
				<ul
					className="divide-y divide-border rounded-xl border border-border bg-surface shadow-sm"
					aria-label="Users"
				>
					{users.map((user) => (
						<UserRow
							key={user.id}
							user={user}
							selfId={me?.id}
							platforms={platforms}
							onPassword={() => setPasswordFor(user)}
							onBan={(ban) => setBanAction({ user, ban })}
							onVendor={(platformId) => setVendorAction({ user, platformId })}
						/>
					))}
				</ul>
			</SearchedListView>
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
			<ConfirmDialog
				open={vendorAction !== null}
				onOpenChange={(open) => !open && setVendorAction(null)}
				title={vendorAction?.platformId === null ? 'Remove Representative' : 'Set Representative'}
				description={vendorAction && vendorText(vendorAction, platformName(vendorAction.platformId))}
				confirmLabel={vendorAction?.platformId === null ? 'Remove Representative' : 'Set Representative'}
				onConfirm={() => (vendorAction ? applyVendor(vendorAction) : Promise.resolve(true))}
			/>
		</section>
	);
}
