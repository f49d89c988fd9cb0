import { avatarColor, avatarInitial } from '@/lib/format';

/** The author's initial on a colour derived from the username (decorative: the name is beside it). */
export function Avatar({ username }: { username: string | null }) {
	return (
		<span
			aria-hidden="true"
			className="flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold text-white"
			style={{ backgroundColor: avatarColor(username ?? '') }}
		>
			{avatarInitial(username)}
		</span>
	);
}
