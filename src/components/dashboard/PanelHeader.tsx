import type { ReactNode } from 'react';

/** A tab's title row: heading and description on the left, actions on the right. */
export function PanelHeader({
	id,
	title,
	description,
	children,
}: {
	/** The heading's id, for the section's aria-labelledby. */
	id?: string;
	title: string;
	description?: string;
	children?: ReactNode;
}) {
	return (
		<div className="mb-4 flex flex-wrap items-end justify-between gap-3">
			<div>
				<h2 id={id} className="text-xl font-semibold tracking-tight text-ink">
					{title}
				</h2>
				{description && <p className="mt-1 text-sm text-muted">{description}</p>}
			</div>
			{children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
		</div>
	);
}
