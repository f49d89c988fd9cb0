import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';
import { isPlainClick } from '@/components/ui/plain-click';
import { pageWindow } from './pagination';

export type PaginationProps = {
	page: number;
	count: number;
	/** The address of a page (`?page=N` with the filters), so each one works without JavaScript. */
	href: (page: number) => string;
	onChange: (page: number) => void;
};

const pageLinkClasses = (active: boolean) =>
	buttonClasses({
		variant: active ? 'primary' : 'outline',
		size: 'sm',
		className: 'min-w-9 px-2.5',
	});

/**
 * A link to a page: opened in place by the island (a plain click), or by the browser (before the
 * script loads, a new tab, a copied link).
 */
function PageLink({
	page,
	href,
	onChange,
	disabled = false,
	children,
	...rest
}: {
	page: number;
	href: (page: number) => string;
	onChange: (page: number) => void;
	disabled?: boolean;
	children: ReactNode;
	'aria-label'?: string;
	'aria-current'?: 'page';
}) {
	return (
		<a
			href={href(page)}
			className={pageLinkClasses(rest['aria-current'] === 'page')}
			aria-disabled={disabled || undefined}
			onClick={(event) => {
				if (!isPlainClick(event)) return;
				event.preventDefault();
				if (!disabled) onChange(page);
			}}
			{...rest}
		>
			{children}
		</a>
	);
}

/**
 * Previous, numbered pages and Next, as links to `?page=N`; the current page is marked
 * aria-current. At either end Previous and Next stay links to the page shown, aria-disabled, so
 * the focus of a keyboard user who just pressed them stays put instead of falling back to <body>.
 */
export function Pagination({ page, count, href, onChange }: PaginationProps) {
	if (count <= 1) return null;
	return (
		<nav aria-label="Pagination">
			<ul className="flex flex-wrap items-center justify-center gap-1.5">
				<li>
					<PageLink page={Math.max(1, page - 1)} href={href} onChange={onChange} disabled={page <= 1}>
						Previous
					</PageLink>
				</li>
				{pageWindow(page, count).map((number, index) =>
					number === null ? (
						// biome-ignore lint/suspicious/noArrayIndexKey: a gap has no value of its own; its place in the row tells the two apart
						<li key={`gap-${index}`} className="px-1 text-muted" aria-hidden="true">
							…
						</li>
					) : (
						<li key={number}>
							<PageLink
								page={number}
								href={href}
								onChange={onChange}
								aria-label={`Page ${number}`}
								aria-current={number === page ? 'page' : undefined}
							>
								{number}
							</PageLink>
						</li>
					),
				)}
				<li>
					<PageLink page={Math.min(count, page + 1)} href={href} onChange={onChange} disabled={page >= count}>
						Next
					</PageLink>
				</li>
			</ul>
		</nav>
	);
}
