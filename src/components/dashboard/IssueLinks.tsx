/**
 * A sent issue's link clicks (issue 46): each link of its mail and how often readers followed it
 * (through /r/{token}; bots and mail scanners not counted). Loaded when opened, so the issue list
 * asks for no issue's links until an editor wants them.
 */
import { useState } from 'react';
import { Spinner } from '@/components/ui/Spinner';
import { LoadError } from './LoadError';
import { useApiData } from './use-api-data';

type LinkClicks = Array<{ url: string; clicks: number }>;

function LinksTable({ issueId, subject }: { issueId: number; subject: string }) {
	const links = useApiData<LinkClicks>(`/api/admin/newsletters/${issueId}/links`);
	if (links.error) return <LoadError what="link clicks" error={links.error} onRetry={links.reload} />;
	if (!links.data) return <Spinner label="Loading link clicks..." />;
	if (links.data.length === 0)
		return <p className="mt-2 text-sm text-muted">This mail has no counted links.</p>;
	return (
		<table className="mt-2 w-full text-sm" data-testid="issue-links">
			<caption className="sr-only">Link clicks of {subject}</caption>
			<thead>
				<tr>
					<th scope="col" className="text-left">
						Link
					</th>
					<th scope="col" className="text-right">
						Clicks
					</th>
				</tr>
			</thead>
			<tbody>
				{links.data.map((link) => (
					<tr key={link.url}>
						<td className="break-all py-1 pr-2">{link.url}</td>
						<td className="py-1 text-right">{link.clicks.toLocaleString('en-US')}</td>
					</tr>
				))}
			</tbody>
		</table>
	);
}

export function IssueLinks({ issueId, subject }: { issueId: number; subject: string }) {
	const [open, setOpen] = useState(false);
	return (
		<details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
			<summary className="cursor-pointer text-sm font-medium text-ink">Link clicks</summary>
			{open && <LinksTable issueId={issueId} subject={subject} />}
		</details>
	);
}
