import { effectiveMode, folderRowMode } from '@promptloom/core';
import { useMemo } from 'react';
import { useProjectModes } from '../../session';
import { ModeMenu } from './mode-menu';

interface Props {
  project: string;
  path: string;
  isDir: boolean;
  /** The file, or every file beneath the folder. */
  files: readonly string[];
  selected: ReadonlySet<string>;
  /** Id for the control's visible text, part of the tree row's name. */
  labelId?: string;
}

/** The mode control of one tree row, shown only while the row holds selected files. */
export function RowModeMenu({ project, path, isDir, files, selected, labelId }: Props) {
  const modes = useProjectModes(project);
  const chosen = useMemo(() => files.filter((file) => selected.has(file)), [files, selected]);
  if (chosen.length === 0) return null;
  const fileModes = new Map(Object.entries(modes.files));
  const folderModes = new Map(Object.entries(modes.folders));
  // A folder's menu sets its own default, else the one it inherits (`path/` + a name below it).
  const mode = isDir
    ? (modes.folders[path] ?? effectiveMode(`${path}/ `, new Map(), folderModes))
    : effectiveMode(path, fileModes, folderModes);
  // Its row shows what its selected files are: a folder whose only file is outlined (by Fit,
  // Select suggested or by hand) reads Outline, not its default Full; files that differ, Mixed.
  const shown = isDir ? folderRowMode(path, chosen, fileModes, folderModes) : mode;
  const own = isDir ? path in modes.folders : path in modes.files;
  return (
    <ModeMenu
      labelId={labelId}
      project={project}
      path={path}
      isDir={isDir}
      mode={mode}
      shown={shown}
      own={own}
      files={chosen}
    />
  );
}
