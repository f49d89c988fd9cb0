/**
 * The Newsletter tab's list of suppressed addresses: a mail server refused each for good, so no
 * issue goes there until an editor lifts the suppression here.
 */
import { apiRequest, failureText } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import type { Suppression } from '@/server/newsletter/suppressions';
import { toast } from '@/stores/toast';
import { Button } from '@/components/ui/Button';
import { Spinner } from '@/components/ui/Spinner';
import type { Wire } from '@/lib/wire';
import { LoadError } from './LoadError';
import { useApiData } from './use-api-data';

const PATH = '/api/admin/newsletters/suppressions';

export function SuppressedAddresses() {
	const list = useApiData<{ suppressions: Wire<Suppression>[] }>(PATH);

	async function lift(email: string) {
		try {
			const { message } = await apiRequest<{ message: string }>(
				'DELETE',
				`${PATH}?email=${encodeURIComponent(email)}`,
			);
			toast({ title: 'Suppression lifted', description: message });
			list.reload();
		} catch (error) {
			toast({
				title: 'Failed to lift the suppression',
				description: failureText(error, 'Please try again.'),
				variant: 'destructive',
			});
		}
	}

	return (
		<section aria-labelledby="suppressed-heading" className="mt-8">
			<h3 id="suppressed-heading" className="mb-1 text-lg font-semibold text-ink">
				Suppressed addresses
			</h3>
			<p className="mb-3 text-sm text-muted">
				A mail server refused these for good; issues skip them until you lift the suppression.
			</p>
			{list.error && !list.data ? (
				<LoadError what="the suppressed addresses" error={list.error} onRetry={list.reload} />
			) : !list.data ? (
				<Spinner label="Loading suppressed addresses..." />
			) : list.data.suppressions.length === 0 ? (
				<p className="rounded-lg border border-dashed border-border bg-surface p-4 text-center text-muted">
					No suppressed addresses.
				</p>
			) : (
				<ul className="grid gap-2" aria-label="Suppressed addresses">
					{list.data.suppressions.map((row) => (
						<li
							key={row.email}
							className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-surface p-3"
						>
							<div className="min-w-0">
								<p className="font-medium break-all text-ink">{row.email}</p>
								<p className="text-sm break-words text-muted">
									{formatDateTime(row.createdAt)} · {row.reason}
								</p>
							</div>
							<Button
								size="sm"
								variant="outline"
								onClick={() => void lift(row.email)}
								aria-label={`Lift the suppression of ${row.email}`}
							>
								Lift
							</Button>
						</li>
					))}
				</ul>
			)}
		</section>
	);
}
