import { useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/class-names';
import { PLACEHOLDER_LOGO } from './logo';

export type PlatformLogoProps = {
	logo: string | null;
	/** '' when the platform's name is right beside the logo (the image is then decorative). */
	alt: string;
	className?: string;
};

/**
 * The platform's logo, or the placeholder when it has none or the image fails to load. An
 * image that failed before hydration fired no React onError, so the first effect checks it.
 */
export function PlatformLogo({ logo, alt, className }: PlatformLogoProps) {
	const image = useRef<HTMLImageElement>(null);
	const [failed, setFailed] = useState<string | null>(null);
	const src = logo && logo !== failed ? logo : PLACEHOLDER_LOGO;

	useEffect(() => {
		const element = image.current;
		if (logo && element?.complete && element.naturalWidth === 0) setFailed(logo);
	}, [logo]);

	return (
		<img
			ref={image}
			src={src}
			alt={alt}
			width={60}
			height={40}
			loading="lazy"
			decoding="async"
			onError={() => {
				if (logo) setFailed(logo);
			}}
			className={cn('h-10 w-15 shrink-0 rounded-md border border-border bg-white object-contain', className)}
		/>
	);
}
