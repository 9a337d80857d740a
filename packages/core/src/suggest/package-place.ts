// A scoped package the request names keeps its entry file among the first files.
import type { NamedPackage } from './signals';
import type { ProjectIndex } from './types';

/**
 * The place (0-based) a named package's entry file is moved up to when no file of the package
 * is above it: below the files the signals agree on, within the first ten (decision 203).
 */
export const PACKAGE_PLACE = 5;

/**
 * The order with the entry file of each scoped package the request names (`@babel/generator`,
 * namedPackages) at PACKAGE_PLACE, with the score of the file it passes, when no file of that
 * package is ranked above that place: a report that names a package but whose words meet other
 * packages' files still shows where the named one starts.
 */
export function withNamedPackages(
  order: readonly (readonly [number, number])[],
  packages: readonly NamedPackage[],
  index: ProjectIndex,
): [number, number][] {
  let moved = order.map(([at, score]): [number, number] => [at, score]);
  for (const named of packages) {
    const head = moved.slice(0, PACKAGE_PLACE);
    if (head.some(([at]) => index.files[at]!.path.toLowerCase().startsWith(named.folder))) continue;
    const rest = moved.filter(([at]) => at !== named.entry);
    const score = rest[PACKAGE_PLACE]?.[1] ?? rest.at(-1)?.[1] ?? 0;
    moved = [...rest.slice(0, PACKAGE_PLACE), [named.entry, score], ...rest.slice(PACKAGE_PLACE)];
  }
  return moved;
}
