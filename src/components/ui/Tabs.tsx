/**
 * Tabs in plain React (the WAI-ARIA tabs pattern), with the API subset of Radix Tabs the site
 * used: tablist/tab/tabpanel roles wired by id, roving tabindex (only the active tab is in the
 * Tab order), Left/Right arrows (wrapping), Home and End move focus and select (automatic
 * activation; a click selects, focus alone does not), data-state="active|inactive" for styling. An inactive panel stays in the DOM,
 * hidden and empty, unless forceMount (then it keeps its content; pass `hidden` yourself).
 * About 1 KB instead of the 10 KB Radix Tabs and its shared pieces cost on /auth and the
 * dashboard's first load.
 */
import {
	createContext,
	useContext,
	useId,
	useState,
	type ComponentPropsWithRef,
	type KeyboardEvent,
} from 'react';
import { cn } from '@/lib/class-names';

type TabsState = { baseId: string; value: string; select: (value: string) => void };

const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
	const state = useContext(TabsContext);
	if (!state) throw new Error(`<${part}> must be used inside <Tabs>`);
	return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-content-${value}`;

export type TabsProps = Omit<ComponentPropsWithRef<'div'>, 'defaultValue' | 'onChange'> & {
	/** The active tab when controlled (with onValueChange). */
	value?: string;
	/** The first active tab when uncontrolled. */
	defaultValue?: string;
	/** Called with the newly chosen tab (never with the active one). */
	onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue = '', onValueChange, ...props }: TabsProps) {
	const baseId = useId();
	const [own, setOwn] = useState(defaultValue);
	const current = value ?? own;
	function select(next: string) {
		if (next === current) return;
		if (value === undefined) setOwn(next);
		onValueChange?.(next);
	}
	return (
		<TabsContext.Provider value={{ baseId, value: current, select }}>
			<div data-orientation="horizontal" {...props} />
		</TabsContext.Provider>
	);
}

const MOVES = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function TabsList({ className, onKeyDown, ...props }: ComponentPropsWithRef<'div'>) {
	function onKey(event: KeyboardEvent<HTMLDivElement>) {
		onKeyDown?.(event);
		if (event.defaultPrevented || !MOVES.has(event.key) || event.altKey || event.ctrlKey || event.metaKey)
			return;
		const tabs = Array.from(
			event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)'),
		);
		const from = tabs.indexOf(event.target as HTMLButtonElement);
		if (from < 0) return;
		event.preventDefault();
		const last = tabs.length - 1;
		const to =
			event.key === 'Home'
				? 0
				: event.key === 'End'
					? last
					: event.key === 'ArrowRight'
						? from === last
							? 0
							: from + 1
						: from === 0
							? last
							: from - 1;
		// Moving to a tab selects it (automatic activation). Through its click, so selection has one
		// path: were focus to select, a pointer press would select twice (on focus, then on click),
		// and a refused switch (unsaved work) would ask its question twice.
		tabs[to]!.focus();
		tabs[to]!.click();
	}
	return (
		<div
			role="tablist"
			aria-orientation="horizontal"
			className={cn(
				'inline-flex h-10 items-center justify-center gap-1 rounded-lg bg-slate-100 p-1 text-slate-600',
				className,
			)}
			{...props}
			onKeyDown={onKey}
		/>
	);
}

export function TabsTrigger({
	value,
	className,
	onClick,
	...props
}: Omit<ComponentPropsWithRef<'button'>, 'value'> & { value: string }) {
	const tabs = useTabs('TabsTrigger');
	const active = tabs.value === value;
	return (
		<button
			type="button"
			role="tab"
			id={triggerId(tabs.baseId, value)}
			aria-selected={active}
			aria-controls={panelId(tabs.baseId, value)}
			data-state={active ? 'active' : 'inactive'}
			tabIndex={active ? 0 : -1}
			className={cn(
				'inline-flex h-8 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
				className,
			)}
			{...props}
			onClick={(event) => {
				onClick?.(event);
				if (!event.defaultPrevented) tabs.select(value);
			}}
		/>
	);
}

export function TabsContent({
	value,
	forceMount = false,
	hidden,
	className,
	children,
	...props
}: ComponentPropsWithRef<'div'> & { value: string; forceMount?: boolean }) {
	const tabs = useTabs('TabsContent');
	const active = tabs.value === value;
	return (
		<div
			role="tabpanel"
			id={panelId(tabs.baseId, value)}
			aria-labelledby={triggerId(tabs.baseId, value)}
			data-state={active ? 'active' : 'inactive'}
			hidden={hidden ?? !(active || forceMount)}
			// biome-ignore lint/a11y/noNoninteractiveTabindex: the WAI-ARIA tabs pattern makes a panel focusable, so a panel without controls is reached by Tab
			tabIndex={0}
			className={cn('mt-4', className)}
			{...props}
		>
			{(active || forceMount) && children}
		</div>
	);
}
