import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/class-names';
import { logoInitials, logoTint } from '../../lib/logo-tile';

export type PlatformLogoProps = {
	logo: string | null;
	/** The platform's name: the tile shown without a logo carries its initials. */
	name: string;
	/** '' when the platform's name is right beside the logo (the image is then decorative). */
	alt: string;
	className?: string;
};

const BOX = 'h-10 w-15 shrink-0 rounded-md border border-border';

/** The stand-in for a missing logo (the same markup as PlatformLogo.astro's). */
export function LogoTile({ name, alt, className }: Omit<PlatformLogoProps, 'logo'>) {
	return (
		<span
			role={alt ? 'img' : undefined}
			aria-label={alt || undefined}
			aria-hidden={alt ? undefined : true}
			data-logo-tile=""
			className={cn(BOX, 'flex items-center justify-center text-sm font-semibold select-none', logoTint(name), className)}
		>
			{logoInitials(name)}
		</span>
	);
}

/**
 * The platform's logo, or the initials tile when it has none or the image fails to load. An
 * image that failed before hydration fired no React onError, so the first effect checks it.
 */
export function PlatformLogo({ logo, name, alt, className }: PlatformLogoProps) {
	const image = useRef<HTMLImageElement>(null);
	const [failed, setFailed] = useState<string | null>(null);

	useEffect(() => {
		const element = image.current;
		if (logo && element?.complete && element.naturalWidth === 0) setFailed(logo);
	}, [logo]);

	if (!logo || logo === failed) return <LogoTile name={name} alt={alt} className={className} />;
	return (
		<img
			ref={image}
			src={logo}
			alt={alt}
			width={60}
			height={40}
			loading="lazy"
			decoding="async"
			onError={() => setFailed(logo)}
			className={cn(BOX, 'bg-white object-contain', className)}
		/>
	);
}
