import { promptSegments } from '../prompt/assemble';
import type { FileInclusionMode } from '../prompt/segments';
import type { AsyncTokenCounter } from '../tokens/token-counter';
import type { TreeIndex } from '../tree/tree-index';
import type { FileTreeNode } from '../tree/types';
import type { NodeFileProvider } from './file-provider';
import type { PackOptions } from './pack-options';

export interface ScannedProject {
  name: string;
  provider: NodeFileProvider;
  root: FileTreeNode;
  index: TreeIndex;
}

/**
 * Tokens of each of `paths`' file sections when written in `mode` (files only, in the
 * packer's format; `outline`: files whose outline is null are left out), over a pack's
 * tree: what the fit planner weighs (core/fit), as the web app's modeCosts.
 */
export async function segmentCounts(
  scan: ScannedProject,
  options: Pick<PackOptions, 'format' | 'outline' | 'sizeLimitBytes'>,
  counter: AsyncTokenCounter,
  paths: readonly string[],
  mode: FileInclusionMode,
): Promise<Map<string, number>> {
  return (await filesPartCounts(scan, options, counter, paths, mode)).files;
}

/**
 * The files part of a prompt that holds only `paths`, each in `mode` or in its mode of the
 * map: each file's tokens (its section and the separator to the next file, the last one's
 * with the block's closing, as `pack`'s summary counts it) and `total`, which also holds the
 * block's opening (xml `<files>`, markdown `## Files`): the exact count of that part.
 */
export async function filesPartCounts(
  scan: ScannedProject,
  options: Pick<PackOptions, 'format' | 'outline' | 'sizeLimitBytes'>,
  counter: AsyncTokenCounter,
  paths: readonly string[],
  mode: FileInclusionMode | ReadonlyMap<string, FileInclusionMode>,
): Promise<{ files: Map<string, number>; total: number }> {
  const modeOf = (path: string) => (typeof mode === 'string' ? mode : (mode.get(path) ?? 'full'));
  const outlined = new Set<string>();
  const outline = options.outline;
  const segments = promptSegments(
    {
      items: [{ type: 'SELECTED_FILES_CONTENT', content: '', isActive: true }],
      finalRequest: '',
      mode: 'PROJECT',
      format: options.format,
      project: {
        name: scan.name,
        provider: scan.provider,
        root: scan.root,
        fileCount: scan.index.filePaths.length,
        stats: scan.index.stats,
      },
      selectedFiles: paths,
      sizeLimitBytes: options.sizeLimitBytes,
      fileModes: new Map(paths.map((path) => [path, modeOf(path)])),
      outline:
        outline &&
        (async (path, content) => {
          const text = await outline(path, content);
          if (text !== null) outlined.add(path);
          return text;
        }),
    },
    [],
  );
  const pieces: { path: string; text: string }[] = [];
  const leads: string[] = [];
  for await (const segment of segments) {
    if (segment.kind !== 'file' || segment.path === undefined) continue;
    if (modeOf(segment.path) === 'outline' && !outlined.has(segment.path)) continue;
    // The block's opening leads the first file here, but follows the part before the files
    // in a pack: it is the block's, in the total only.
    const lead = segment.lead ?? '';
    if (lead) leads.push(lead);
    pieces.push({ path: segment.path, text: segment.text.slice(lead.length) });
  }
  const counts = await counter.countMany([...pieces.map((piece) => piece.text), ...leads]);
  return {
    files: new Map(pieces.map((piece, i) => [piece.path, counts[i]!])),
    total: counts.reduce((sum, count) => sum + count, 0),
  };
}
