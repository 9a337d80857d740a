import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onTestFinished } from 'vitest';

export const BIN = fileURLToPath(new URL('../bin/promptloom.js', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `promptloom …` as a real process, with a clean environment of our choosing; `input`
 * is written to its stdin, which is then closed.
 */
export function promptloom(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      {
        cwd: options.cwd,
        env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...options.env },
        maxBuffer: 256 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

export interface Project {
  dir: string;
  git: (...args: string[]) => string;
  cleanup: () => Promise<void>;
}

/** A temporary folder with these files; `git: true` makes it a repository with a commit. */
export async function makeProject(
  files: Record<string, string | Uint8Array>,
  options: { git?: boolean } = {},
): Promise<Project> {
  const dir = await mkdtemp(join(tmpdir(), 'promptloom-cli-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
  if (options.git) {
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'fixture');
  }
  return { dir, git, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** `makeProject` inside a test: the folder is removed when the test finishes. */
export async function testProject(
  files: Record<string, string | Uint8Array>,
  options: { git?: boolean } = {},
): Promise<Project> {
  const made = await makeProject(files, options);
  onTestFinished(made.cleanup);
  return made;
}

/** An empty temporary folder inside a test, removed when the test finishes. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The paths of the file blocks of a prompt in the default format, in order. */
export const writtenFiles = (prompt: string) =>
  [...prompt.matchAll(/^File: (.+)$/gm)].map((match) => match[1]!);

/** Roots a test client declares; `set` changes them and tells the server so. */
export interface TestRoots {
  set(paths: readonly string[]): Promise<void>;
}

/**
 * An MCP client talking to `promptloom mcp` as a child process over stdio. With `roots`, it
 * declares the roots capability and answers `roots/list` with those folders.
 */
export async function connectMcp(
  env: Record<string, string> = {},
  options: { roots?: readonly string[]; cwd?: string; args?: string[] } = {},
): Promise<Client & { roots: TestRoots }> {
  let roots = options.roots;
  const client = new Client(
    { name: 'promptloom-test', version: '1.0.0' },
    roots ? { capabilities: { roots: { listChanged: true } } } : {},
  );
  if (roots) {
    client.setRequestHandler(ListRootsRequestSchema, () => ({
      roots: (roots ?? []).map((path) => ({ uri: pathToFileURL(path).href })),
    }));
  }
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', ...(options.args ?? [])],
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env },
    cwd: options.cwd,
    stderr: 'pipe',
  });
  await client.connect(transport);
  return Object.assign(client, {
    roots: {
      async set(paths: readonly string[]) {
        roots = paths;
        await client.sendRootsListChanged();
      },
    },
  });
}

export const texts = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : ''));
