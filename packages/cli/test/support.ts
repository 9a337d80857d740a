import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { execFile, execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** A temporary folder with these files; `git: true` makes it a repository with a commit. */
export async function makeProject(
  files: Record<string, string | Uint8Array>,
  options: { git?: boolean } = {},
): Promise<{ dir: string; git: (...args: string[]) => string; cleanup: () => Promise<void> }> {
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

/** The paths of the file blocks of a prompt in the default format, in order. */
export const writtenFiles = (prompt: string) =>
  [...prompt.matchAll(/^File: (.+)$/gm)].map((match) => match[1]!);

/** An MCP client talking to `promptloom mcp` as a child process over stdio. */
export async function connectMcp(env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'promptloom-test', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp'],
    env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), ...env },
    stderr: 'pipe',
  });
  await client.connect(transport);
  return client;
}

export const texts = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : ''));
