import { useState, type FormEvent } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { MIN_PASSWORD_LENGTH } from '@/lib/password-rules';
import { sessionEnded } from '@/stores/session';
import { toast } from '@/stores/toast';
import { serverFieldError } from '@/components/dashboard/Field';
import { Button } from '@/components/ui/Button';
import { FormMessage } from '@/components/ui/FormMessage';
import { Input } from '@/components/ui/Input';
import { Label } from '@/components/ui/Label';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };
type PasswordField = keyof typeof EMPTY;
const FIELDS = ['currentPassword', 'newPassword', 'confirm'] as const;
const FIELD_IDS: Record<PasswordField, string> = {
	currentPassword: 'profile-current-password',
	newPassword: 'profile-new-password',
	confirm: 'profile-confirm-password',
};

/**
 * Change password (profile). A refusal shows as the SPEC's toast and beside the field it is about
 * (aria-describedby), the first such field focused; a field's message goes once it is changed.
 */
export function PasswordForm() {
	const [form, setForm] = useState(EMPTY);
	const [busy, setBusy] = useState(false);
	const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
	const set = (field: PasswordField) => (e: { target: { value: string } }) => {
		setForm((f) => ({ ...f, [field]: e.target.value }));
		setErrors((current) => ({ ...current, [field]: undefined }));
	};

	function problem(): {
		title: string;
		description?: string;
		fields: Partial<Record<PasswordField, string>>;
	} | null {
		if (!form.currentPassword || !form.newPassword || !form.confirm) {
			const fields = Object.fromEntries(
				FIELDS.filter((field) => !form[field]).map((field) => [field, 'All fields required']),
			);
			return { title: 'All fields required', description: 'Please fill in all password fields.', fields };
		}
		if (form.newPassword !== form.confirm) {
			return { title: "Passwords don't match", fields: { confirm: "Passwords don't match" } };
		}
		if (form.newPassword.length < MIN_PASSWORD_LENGTH) {
			const description = 'Password must be at least 6 characters long.';
			return { title: 'Password too short', description, fields: { newPassword: description } };
		}
		return null;
	}

	/** Shows the messages beside their fields and puts the focus on the first. */
	function mark(fields: Partial<Record<PasswordField, string>>) {
		setErrors(fields);
		const first = FIELDS.find((field) => fields[field]);
		if (first) document.getElementById(FIELD_IDS[first])?.focus();
	}

	async function onSubmit(event: FormEvent) {
		event.preventDefault();
		const invalid = problem();
		if (invalid) {
			const { fields, ...message } = invalid;
			toast({ ...message, variant: 'destructive' });
			mark(fields);
			return;
		}
		setBusy(true);
		try {
			await apiRequest('PUT', '/api/profile/password', {
				currentPassword: form.currentPassword,
				newPassword: form.newPassword,
			});
			setForm(EMPTY);
			toast({ title: 'Password updated', description: 'Your other sessions were signed out.' });
		} catch (error) {
			if (sessionEnded(error)) return;
			const refused = serverFieldError(error, ['currentPassword', 'newPassword'] as const);
			if (refused) mark({ [refused.field]: refused.message });
			toast({
				title: 'Failed to update password',
				description: failureText(error, 'An unexpected error occurred'),
				variant: 'destructive',
			});
		} finally {
			setBusy(false);
		}
	}

	return (
		<form onSubmit={onSubmit} className="space-y-4" noValidate aria-labelledby="password-form-title">
			<h2 id="password-form-title" className="text-lg font-semibold text-slate-900">
				Change Password
			</h2>
			<div className="space-y-1.5">
				<Label htmlFor="profile-current-password">Current Password</Label>
				<Input
					id="profile-current-password"
					type="password"
					autoComplete="current-password"
					value={form.currentPassword}
					onChange={set('currentPassword')}
					aria-invalid={errors.currentPassword ? true : undefined}
					aria-describedby={errors.currentPassword ? 'profile-current-password-error' : undefined}
				/>
				<FormMessage id="profile-current-password-error">{errors.currentPassword}</FormMessage>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="profile-new-password">New Password</Label>
				<Input
					id="profile-new-password"
					type="password"
					autoComplete="new-password"
					value={form.newPassword}
					onChange={set('newPassword')}
					aria-invalid={errors.newPassword ? true : undefined}
					aria-describedby={errors.newPassword ? 'profile-new-password-error' : undefined}
				/>
				<FormMessage id="profile-new-password-error">{errors.newPassword}</FormMessage>
			</div>
			<div className="space-y-1.5">
				<Label htmlFor="profile-confirm-password">Confirm New Password</Label>
				<Input
					id="profile-confirm-password"
					type="password"
					autoComplete="new-password"
					value={form.confirm}
					onChange={set('confirm')}
					aria-invalid={errors.confirm ? true : undefined}
					aria-describedby={errors.confirm ? 'profile-confirm-password-error' : undefined}
				/>
				<FormMessage id="profile-confirm-password-error">{errors.confirm}</FormMessage>
			</div>
			<Button type="submit" loading={busy}>
				Update Password
			</Button>
		</form>
	);
}
