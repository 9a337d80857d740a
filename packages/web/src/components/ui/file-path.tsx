import { cn } from '#web/lib/cn.ts';

/** A path's folder part (up to its last slash), its file name's stem and its extension. */
function splitPath(path: string) {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < name.length - 1;
  return {
    folder: path.slice(0, slash + 1),
    stem: hasExtension ? name.slice(0, dot) : name,
    extension: hasExtension ? name.slice(dot) : '',
  };
}

/** One drawn part of the path: its text is generated content, out of the text and the name. */
function Part({ text, className }: { text: string; className: string }) {
  return (
    <span
      aria-hidden
      data-text={text}
      className={cn('before:content-[attr(data-text)]', className)}
    />
  );
}

/**
 * A project path on one line that, when it is too long, gives up its folders before its file
 * name: `src/features/wor…/handlers.ts`. The folder part shrinks first (down to a couple of
 * characters and its ellipsis); only a file name wider than the whole line is cut in turn, at
 * its end, and even then it keeps its extension. Flex shrinks items in proportion to their
 * factor times their width: the folder's factor is so large that the file name gives up no
 * fraction of a pixel before the folder is down to its least (a fraction draws its ellipsis).
 *
 * The parts are drawn apart (separate boxes, the only way to cut one and not another), which
 * would read as "src/ handlers .ts" to a screen reader: they are drawn as generated content,
 * hidden from it, and the path itself is there once, whole, as visually hidden text (copy,
 * search, a control's accessible name). Its title shows it on hover.
 */
export function FilePath({ path, className }: { path: string; className?: string }) {
  const { folder, stem, extension } = splitPath(path);
  return (
    <span
      className={cn('relative flex min-w-0 font-mono whitespace-nowrap', className)}
      title={path}
    >
      <span className="sr-only">{path}</span>
      {folder && <Part text={folder} className="min-w-[2ch] shrink-[1000000] truncate" />}
      <Part text={stem} className="min-w-0 truncate" />
      {extension && <Part text={extension} className="shrink-0" />}
    </span>
  );
}
