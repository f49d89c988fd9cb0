/**
 * Button looks as plain class strings, so .astro pages can style links as buttons without
 * shipping React, and Button.tsx uses the same ones.
 */
import { cn } from '@/lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
	'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
	primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
	secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
	outline: 'border border-slate-300 bg-white text-ink shadow-sm hover:bg-slate-50',
	ghost: 'text-slate-700 hover:bg-slate-100 hover:text-ink',
	destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
};

const sizes: Record<ButtonSize, string> = {
	sm: 'h-9 px-3 text-sm',
	md: 'h-10 px-4 text-sm',
	lg: 'h-11 px-6 text-base',
	icon: 'size-10',
};

export function buttonClasses(
	options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
	const { variant = 'primary', size = 'md', className } = options;
	return cn(base, variants[variant], sizes[size], className);
}
