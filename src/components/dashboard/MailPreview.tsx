/**
 * The newsletter's Preview: the mail itself, as MJML renders it on the server, in a sandboxed
 * frame (no scripts, no same-origin access, links cannot take over the dashboard) at a desktop
 * or a phone width, so the editor sees the layout mail clients get rather than the site's.
 */
import { useEffect, useState } from 'react';
import { apiRequest, failureText } from '@/lib/api-client';
import { Button } from '@/components/ui/Button';
import { SpinnerIcon } from '@/components/ui/Spinner';

/** The widths mail layouts are made for: MJML's 600 px body with room around it, and a common phone. */
export const PREVIEW_WIDTHS = { desktop: 640, phone: 375 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;
const WIDTH_LABELS: Record<Width, string> = { desktop: 'Desktop', phone: 'Phone' };

type Rendered = { source: string; html: string } | { source: string; error: string };

export function MailPreview({ subject, content }: { subject: string; content: string }) {
	const [width, setWidth] = useState<Width>('desktop');
	const [rendered, setRendered] = useState<Rendered | null>(null);
	// A subject is needed to render; an empty one still lets the editor see the content.
	const body = { subject: subject.trim() || 'Untitled issue', content };
	const source = JSON.stringify(body);
	const current = rendered?.source === source ? rendered : null;
	const empty = content.trim() === '';

	useEffect(() => {
		if (empty || current) return;
		let live = true;
		apiRequest<{ html: string }>('POST', '/api/admin/newsletters/preview', JSON.parse(source)).then(
			({ html }) => live && setRendered({ source, html }),
			(reason: unknown) =>
				live &&
				setRendered({ source, error: failureText(reason, 'The mail preview could not be rendered.') }),
		);
		return () => {
			live = false;
		};
	}, [source, empty, current]);

	if (empty) {
		return (
			<p className="rounded-md border border-border bg-white p-4 text-sm text-muted">
				Start typing in the Write tab to see the mail...
			</p>
		);
	}
	return (
		<div className="grid gap-2" data-testid="newsletter-mail-preview" aria-live="polite">
			{/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons; a <fieldset> would bring a form group's border and semantics */}
			<div className="flex gap-2" role="group" aria-label="Preview width">
				{(Object.keys(PREVIEW_WIDTHS) as Width[]).map((name) => (
					<Button
						key={name}
						type="button"
						size="sm"
						variant={width === name ? 'primary' : 'outline'}
						aria-pressed={width === name}
						onClick={() => setWidth(name)}
					>
						{WIDTH_LABELS[name]} ({PREVIEW_WIDTHS[name]} px)
					</Button>
				))}
			</div>
			{!current ? (
				<p className="inline-flex items-center gap-2 text-sm text-muted">
					<SpinnerIcon /> Rendering the mail...
				</p>
			) : 'error' in current ? (
				<p className="text-sm text-red-800">{current.error}</p>
			) : (
				<div className="overflow-x-auto rounded-md border border-border bg-gray-100 p-2">
					<iframe
						title={`Mail preview at ${WIDTH_LABELS[width].toLowerCase()} width`}
						// Empty sandbox: no scripts, an opaque origin, no navigation of the dashboard.
						sandbox=""
						srcDoc={current.html}
						data-width={width}
						className="mx-auto block h-[640px] max-w-none border-0 bg-white"
						style={{ width: PREVIEW_WIDTHS[width] }}
					/>
				</div>
			)}
		</div>
	);
}
