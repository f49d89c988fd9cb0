import type { ComponentPropsWithRef } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes';
import { SpinnerIcon } from './Spinner';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
	variant?: ButtonVariant;
	size?: ButtonSize;
	/** Shows a spinner, disables the button and sets aria-busy. */
	loading?: boolean;
};

/** A styled <button>; every native prop (type, onClick, ref, aria-*) passes through. */
export function Button({
	variant,
	size,
	loading = false,
	className,
	disabled,
	children,
	...props
}: ButtonProps) {
	return (
		<button
			className={buttonClasses({ variant, size, className })}
			disabled={disabled || loading}
			aria-busy={loading || undefined}
			{...props}
		>
			{loading && <SpinnerIcon />}
			{children}
		</button>
	);
}

export { buttonClasses };
export type { ButtonSize, ButtonVariant };
