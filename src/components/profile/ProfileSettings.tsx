import { useStore } from '@nanostores/react';
import { $user } from '@/stores/session';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Protected } from '@/components/ui/Protected';
import { DisplayNameForm } from './DisplayNameForm';
import { EmailForm } from './EmailForm';
import { EmailVerification } from './EmailVerification';
import { FollowedPlatforms } from './FollowedPlatforms';
import { NewsletterToggle } from './NewsletterToggle';
import { PasswordForm } from './PasswordForm';
import { SignOutEverywhere } from './SignOutEverywhere';
import { WorkEmailForm } from './WorkEmailForm';

function ProfileBody() {
	const user = useStore($user);
	if (!user) return <p className="py-16 text-center text-slate-700">Please sign in to view your profile.</p>;
	return (
		<div className="space-y-6">
			<Card>
				<CardHeader>
					<CardTitle as="h1">Profile Settings</CardTitle>
					<CardDescription>
						Manage your display name, email, password and newsletter preference.
					</CardDescription>
				</CardHeader>
				<CardContent>
					<dl className="grid gap-4 sm:grid-cols-2">
						<div>
							<dt className="text-sm text-slate-600">Username</dt>
							<dd className="font-medium text-slate-900" data-testid="profile-username">
								{user.username}
							</dd>
						</div>
						<div>
							<dt className="text-sm text-slate-600">Role</dt>
							<dd className="font-medium capitalize text-slate-900" data-testid="profile-role">
								{user.role}
							</dd>
						</div>
					</dl>
				</CardContent>
			</Card>
			<Card>
				<CardContent className="pt-6">
					<DisplayNameForm user={user} />
				</CardContent>
			</Card>
			<Card>
				<CardContent className="space-y-6 pt-6">
					<EmailVerification user={user} />
					<EmailForm user={user} />
				</CardContent>
			</Card>
			<Card>
				<CardContent className="pt-6">
					<WorkEmailForm />
				</CardContent>
			</Card>
			<Card>
				<CardContent className="pt-6">
					<PasswordForm />
				</CardContent>
			</Card>
			<Card>
				<CardContent className="pt-6">
					<NewsletterToggle user={user} />
				</CardContent>
			</Card>
			<Card>
				<CardContent className="pt-6">
					<FollowedPlatforms />
				</CardContent>
			</Card>
			<Card>
				<CardContent className="pt-6">
					<SignOutEverywhere />
				</CardContent>
			</Card>
		</div>
	);
}

/**
 * The /profile island: the server already sent visitors to /auth; a spinner while the
 * session loads, and /auth again if it ends while the page is open.
 */
export default function ProfileSettings() {
	return (
		<Protected>
			<ProfileBody />
		</Protected>
	);
}
