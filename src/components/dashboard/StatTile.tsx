/** One number with its label, for the Overview counts and the Users stats (inside a <dl>). */
export function StatTile({
	label,
	value,
	testId,
}: {
	label: string;
	value: number | undefined;
	testId?: string;
}) {
	return (
		<div className="rounded-xl border border-border bg-surface p-5 shadow-sm">
			<dt className="text-sm font-medium text-muted">{label}</dt>
			<dd className="mt-1 text-3xl font-bold tracking-tight text-ink" data-testid={testId}>
				{value ?? '–'}
			</dd>
		</div>
	);
}
