/**
 * An upload's files joined for the suggestion index worker, off the page (suggest-join.worker.ts):
 * the page posts the Files the index worker asked for, a few to a message, and gets back one
 * `joined` message a group of FILE_READ_GROUP_BYTES, to pass on. A join (`new Blob` of Files)
 * waits for the browser's blob registry, on the IO thread that serves every read of the build:
 * made by the page, 16 Files a task, those waits were the page's long tasks during a build,
 * 27–345 ms each on a loaded machine (decision 245). Posting a File waits for nothing.
 */
import { FILE_READ_GROUP_BYTES } from '#web/config/limits.ts';
import type { SuggestIndexRequest } from './suggest-index-protocol';

export type JoinRequest =
  /** Files to join, in the order the index worker asked for them. */
  | { type: 'files'; build: number; files: { path: string; file: File }[] }
  /** The page has posted every file of `build`: the last group goes, then `handed`. */
  | { type: 'end'; build: number };

export type JoinReply =
  | Extract<SuggestIndexRequest, { type: 'joined' }>
  /** Every file of `build` posted back joined. */
  | { type: 'handed'; build: number };

/** A group being filled: each file's path, size and mtime, and the files. */
class Group {
  readonly paths: string[] = [];
  readonly sizes: number[] = [];
  readonly mtimes: number[] = [];
  readonly files: File[] = [];
  bytes = 0;

  add(path: string, file: File): void {
    this.paths.push(path);
    this.sizes.push(file.size);
    this.mtimes.push(file.lastModified);
    this.files.push(file);
    this.bytes += file.size;
  }

  message(build: number): JoinReply {
    const { paths, sizes, mtimes, files } = this;
    return {
      type: 'joined',
      build,
      // One join a group: its wait is this thread's, not the page's.
      files: { paths: paths.join('\0'), sizes, mtimes, blob: new Blob(files) },
    };
  }
}

/**
 * The joiner's state: the group being filled for the latest build. A message of a newer build
 * drops what an older one left; one of an older build is dropped.
 */
export function createJoiner(post: (reply: JoinReply) => void): (request: JoinRequest) => void {
  let build = -Infinity;
  let group = new Group();
  const flush = () => {
    if (group.paths.length > 0) post(group.message(build));
    group = new Group();
  };
  return (request) => {
    if (request.build < build) return;
    if (request.build > build) {
      build = request.build;
      group = new Group();
    }
    if (request.type === 'end') {
      flush();
      post({ type: 'handed', build });
      return;
    }
    for (const { path, file } of request.files) {
      if (group.paths.length > 0 && group.bytes + file.size > FILE_READ_GROUP_BYTES) flush();
      group.add(path, file);
    }
  };
}
