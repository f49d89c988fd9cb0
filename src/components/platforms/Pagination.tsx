import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button-classes';
import { pageWindow } from './pagination';

export type PaginationProps = {
	page: number;
	count: number;
	onChange: (page: number) => void;
};

const pageButtonClasses = (active: boolean) =>
	buttonClasses({
		variant: active ? 'primary' : 'outline',
		size: 'sm',
		className: 'min-w-9 px-2.5',
	});

/**
 * Previous / Next. At either end they are aria-disabled rather than disabled, so the focus of a
 * keyboard user who just pressed them stays put instead of falling back to <body>.
 */
function StepButton({
	disabled,
	onClick,
	children,
}: {
	disabled: boolean;
	onClick: () => void;
	children: ReactNode;
}) {
	return (
		<button
			type="button"
			className={pageButtonClasses(false)}
			aria-disabled={disabled || undefined}
			onClick={() => {
				if (!disabled) onClick();
			}}
		>
			{children}
		</button>
	);
}

/** Previous, numbered pages and Next; the current page is marked aria-current. */
export function Pagination({ page, count, onChange }: PaginationProps) {
	if (count <= 1) return null;
	return (
		<nav aria-label="Pagination">
			<ul className="flex flex-wrap items-center justify-center gap-1.5">
				<li>
					<StepButton disabled={page <= 1} onClick={() => onChange(page - 1)}>
						Previous
					</StepButton>
				</li>
				{pageWindow(page, count).map((number, index) =>
					number === null ? (
						// biome-ignore lint/suspicious/noArrayIndexKey: a gap has no value of its own; its place in the row tells the two apart
						<li key={`gap-${index}`} className="px-1 text-muted" aria-hidden="true">
							…
						</li>
					) : (
						<li key={number}>
							<button
								type="button"
								className={pageButtonClasses(number === page)}
								aria-label={`Page ${number}`}
								aria-current={number === page ? 'page' : undefined}
								onClick={() => onChange(number)}
							>
								{number}
							</button>
						</li>
					),
				)}
				<li>
					<StepButton disabled={page >= count} onClick={() => onChange(page + 1)}>
						Next
					</StepButton>
				</li>
			</ul>
		</nav>
	);
}
