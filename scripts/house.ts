/**
 * `npm run house`: draws the house at folder level into docs/house.md, from dependency-cruiser's
 * answer under the rules in .dependency-cruiser.cjs (and the .astro files' imports, which it
 * cannot read): the top level (the folders of src/, db/ and scripts/), then src/server's folders
 * (and its top-level files) with db/'s parts. An arrow that breaks a rule is drawn red, one
 * allowed only for now (an `info` rule) dashed, and both are listed under the drawing, with the
 * arrows that lie inside a loop. tests/unit/house-rules.test.ts checks that there are none and
 * that the committed drawing is current.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { astroImports, cruiseJson } from './house-cruise';

type Arrow = { from: string; to: string };
type Edge = Arrow & { broken: string[]; waiting: string[] };

/** A folder (`auth/`), a top-level file of src/server (`config.ts`), or a part of db/ (`db/schema`). */
function label(path: string): string {
	const server = /^src\/server\/(.+)$/.exec(path);
	if (server) return server[1]!.endsWith('.ts') ? server[1]! : `${server[1]}/`;
	return `${path} (top level)`;
}

/** A box of the top level: a folder of src/ (or one of its files), db/ or scripts/. */
const TOP_BOX = /^(src\/[^/]+|db|scripts)(\/|$)/;

function topLabel(path: string): string | undefined {
	const box = TOP_BOX.exec(path)?.[1];
	if (box === undefined) return undefined;
	return /\.[a-z]+$/.test(box) ? box : `${box}/`;
}

const nodeId = (name: string) => name.replace(/[^A-Za-z0-9]/g, '_');

/** The top level's boxes, and the arrows between them (.astro files' imports included). */
export function topLevelGraph(): { nodes: string[]; edges: Arrow[] } {
	const result = cruiseJson([
		'src',
		'db',
		'scripts',
		'--collapse',
		TOP_BOX.source.replace('(\\/|$)', ''),
		'--include-only',
		'^(src|db|scripts)/',
	]);
	const pairs: [string, string][] = result.modules.flatMap((module) =>
		module.dependencies.map((dependency): [string, string] => [module.source, dependency.resolved]),
	);
	const nodes = new Set<string>();
	const edges = new Map<string, Arrow>();
	for (const [fromPath, toPath] of [...pairs, ...astroImports()]) {
		const from = topLabel(fromPath);
		const to = topLabel(toPath);
		if (from === undefined || to === undefined) continue;
		nodes.add(from);
		nodes.add(to);
		if (from !== to) edges.set(`${from} ${to}`, { from, to });
	}
	return { nodes: [...nodes].sort(), edges: sortArrows([...edges.values()]) };
}

function sortArrows<T extends Arrow>(edges: T[]): T[] {
	return edges.sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** src/server's boxes, and the arrows between them with the rules each breaks or is waiting on. */
export function houseGraph(): { nodes: string[]; edges: Edge[] } {
	const result = cruiseJson([
		'src/server',
		'db',
		'--collapse',
		'^(src/server/[^/]+|db/[^/]+)',
		'--include-only',
		'^(src/server|db)/',
	]);
	const edges: Edge[] = [];
	const nodes = new Set<string>();
	for (const module of result.modules) {
		nodes.add(label(module.source));
		for (const dependency of module.dependencies) {
			if (dependency.resolved === module.source) continue;
			nodes.add(label(dependency.resolved));
			const rules = dependency.rules;
			edges.push({
				from: label(module.source),
				to: label(dependency.resolved),
				broken: rules.filter((rule) => rule.severity !== 'info').map((rule) => rule.name),
				waiting: rules.filter((rule) => rule.severity === 'info').map((rule) => rule.name),
			});
		}
	}
	return { nodes: [...nodes].sort(), edges: sortArrows(edges) };
}

/**
 * The arrows that lie inside a loop: A imports B, and B imports A, directly or through others
 * (both ends in one set of boxes that reach each other).
 */
export function arrowsInLoops(edges: readonly Arrow[]): string[] {
	const circleOf = new Map<string, number>();
	folderCircles(edges).forEach((circle, index) => {
		for (const box of circle) circleOf.set(box, index);
	});
	return edges
		.filter((edge) => circleOf.has(edge.from) && circleOf.get(edge.from) === circleOf.get(edge.to))
		.map((edge) => `${edge.from} → ${edge.to}`);
}

function mermaid(nodes: readonly string[], edges: readonly (Arrow & Partial<Edge>)[]): string[] {
	const lines = ['```mermaid', 'flowchart LR'];
	for (const node of nodes) lines.push(`  ${nodeId(node)}["${node}"]`);
	edges.forEach((edge) => lines.push(`  ${nodeId(edge.from)} --> ${nodeId(edge.to)}`));
	edges.forEach((edge, index) => {
		if (edge.broken?.length) lines.push(`  linkStyle ${index} stroke:#d00,stroke-width:3px`);
		else if (edge.waiting?.length) lines.push(`  linkStyle ${index} stroke:#d80,stroke-dasharray:4`);
	});
	lines.push('```');
	return lines;
}

function loopReport(edges: readonly Arrow[]): string {
	const inLoops = arrowsInLoops(edges);
	if (inLoops.length === 0) return 'Arrows between folders inside a loop: 0.';
	return [
		`Arrows between folders inside a loop: ${inLoops.length}.`,
		'',
		...inLoops.map((arrow) => `- \`${arrow}\``),
	].join('\n');
}

export function houseDrawing(): string {
	const top = topLevelGraph();
	const { nodes, edges } = houseGraph();
	const broken = edges.filter((edge) => edge.broken.length > 0);
	const waiting = edges.filter((edge) => edge.broken.length === 0 && edge.waiting.length > 0);
	return [
		'# The house at folder level',
		'',
		'Generated by `npm run house` from the imports (dependency-cruiser, rules in',
		"`.dependency-cruiser.cjs`, summed up at its top; the `.astro` files' imports read by",
		'`scripts/house-cruise.ts`); do not edit by hand. An arrow means "imports". Imports run one way:',
		'no arrow between folders lies inside a loop (A imports B, and B imports A directly or through',
		"others), and no arrow runs into `host/` but the host's own. `tests/unit/house-rules.test.ts`",
		'fails while a rule is broken, an arrow lies inside a loop, or this drawing is out of date.',
		'',
		'## The top level',
		'',
		'A box is a folder of `src/` (or one of its files), `db/` or `scripts/`.',
		'',
		...mermaid(top.nodes, top.edges),
		'',
		loopReport(top.edges),
		'',
		'## Inside src/server',
		'',
		'A box is a folder of `src/server/`, one of its top-level files, or a part of `db/`.',
		'',
		...mermaid(nodes, edges),
		'',
		broken.length === 0
			? 'No arrow breaks a rule.'
			: [
					'Arrows that break a rule (red above):',
					'',
					...broken.map((edge) => `- \`${edge.from}\` → \`${edge.to}\`: ${edge.broken.join(', ')}`),
				].join('\n'),
		'',
		...(waiting.length === 0
			? []
			: [
					'Arrows allowed only for now (dashed above):',
					'',
					...waiting.map((edge) => `- \`${edge.from}\` → \`${edge.to}\`: ${edge.waiting.join(', ')}`),
					'',
				]),
		loopReport(edges),
		'',
	].join('\n');
}

/** The sets of boxes that reach each other through arrows (Tarjan's strongly connected components). */
export function folderCircles(edges: readonly Arrow[]): string[][] {
	const next = new Map<string, string[]>();
	for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const circles: string[][] = [];
	const visit = (box: string) => {
		index.set(box, index.size);
		low.set(box, index.get(box)!);
		stack.push(box);
		onStack.add(box);
		for (const to of next.get(box) ?? []) {
			if (!index.has(to)) {
				visit(to);
				low.set(box, Math.min(low.get(box)!, low.get(to)!));
			} else if (onStack.has(to)) {
				low.set(box, Math.min(low.get(box)!, index.get(to)!));
			}
		}
		if (low.get(box) !== index.get(box)) return;
		const circle: string[] = [];
		let top: string;
		do {
			top = stack.pop()!;
			onStack.delete(top);
			circle.push(top);
		} while (top !== box);
		if (circle.length > 1) circles.push(circle.sort());
	};
	for (const box of [...next.keys()].sort()) if (!index.has(box)) visit(box);
	return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
	writeFileSync('docs/house.md', houseDrawing());
	console.log('docs/house.md written');
}
