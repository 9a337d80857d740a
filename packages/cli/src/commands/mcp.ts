import { resolve } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { PromptloomApi, apiOptions } from '../lib/api';
import { loadComposition } from '../lib/composition';
import { loadCredentials } from '../lib/credentials';
import type { CliEnv } from '../lib/env';
import { approx, count, number } from '../lib/counts';
import { describeError } from '../lib/errors';
import { resolveAllowedDir } from '../mcp/roots';
import { findModel } from '../pack/pack-request';
import { runPack } from '../pack/run-pack';
import { leftOutLine, runSuggest, suggestInput, suggestJson } from '../pack/suggest';

const VERSION = '0.1.0';

/** A tool's failure is its result (the agent reads it), never a protocol error. */
async function toolResult(run: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: describeError(error) }] };
  }
}

const text = (value: string): CallToolResult['content'][number] => ({ type: 'text', text: value });

interface McpOptions {
  /** Folders the tools may read when the client declares no roots (resolved by the caller). */
  allowedDirs: readonly string[];
}

export function createMcpServer(env: CliEnv, options: McpOptions): McpServer {
  const server = new McpServer({ name: 'promptloom', version: VERSION });
  // stdout carries the protocol: warnings go to stderr, which clients log.
  const warn = (message: string) => process.stderr.write(`warning ${message}\n`);
  const api = async () => new PromptloomApi(await loadCredentials(env), apiOptions(env, warn));
  /** Every tool that reads a folder goes through this: the client's roots, else the allowed list. */
  const allowedDir = (dir: string) => resolveAllowedDir(server, dir, options.allowedDirs);

  server.registerTool(
    'pack',
    {
      title: 'Pack a folder into a prompt',
      description:
        'Packs a local folder into one prompt with Promptloom’s rules (core ignore list, .gitignore files, 1 MB and binary rules) and returns it with its token count; secrets found are redacted unless `redact` is false. The folder must be inside one of the client’s roots. With `composition`, the blocks of that saved composition frame the files.',
      inputSchema: {
        directory: z
          .string()
          .optional()
          .describe('folder to pack, inside one of the client’s roots (default: the first root)'),
        include: z
          .array(z.string())
          .optional()
          .describe('only files matching these gitignore-style globs'),
        format: z
          .string()
          .optional()
          .describe('prompt format: sections (default), xml, markdown or plain'),
        model: z.string().optional().describe('model preset id the tokens are counted for'),
        composition: z.string().optional().describe('name of a composition saved on the server'),
        request: z.string().optional().describe('the task, written into the dynamic task block'),
        fit: z
          .boolean()
          .optional()
          .describe(
            'fit the model’s budget: licences, assets and tests trimmed before source; with a request, the least relevant first',
          ),
        outline: z
          .array(z.string())
          .optional()
          .describe('gitignore-style globs of files to write as code outlines'),
        secretScan: z
          .boolean()
          .optional()
          .describe('scan the packed files for secrets (default true; redaction needs it)'),
        redact: z
          .boolean()
          .optional()
          .describe('replace secrets found by [REDACTED:<kind>] (default true)'),
      },
    },
    (args) =>
      toolResult(async () => {
        const dir = await allowedDir(args.directory ?? '.');
        // A prompt from an agent's tool call goes to a model unseen: secrets are redacted
        // unless the call asks otherwise, and redacting needs the scan.
        const redact = args.redact !== false;
        const composition = args.composition
          ? await loadComposition(await api(), args.composition)
          : undefined;
        const outcome = await runPack({
          dir,
          include: args.include,
          format: args.format,
          fit: args.fit,
          outline: args.outline,
          secretScan: redact || args.secretScan !== false,
          redact,
          model: args.model,
          items: composition?.items,
          globalPatterns: composition?.globalPatterns,
          request: args.request,
        });
        const lines = [
          `${count(outcome.packedFiles, 'file')}, ${approx(outcome.model)}${count(outcome.tokens, 'token')} (${outcome.model.label}, budget ${number(outcome.budget)})`,
        ];
        if (outcome.tokens > outcome.budget && !outcome.fit) {
          lines.push(
            `over the budget by ${count(outcome.tokens - outcome.budget, 'token')}: call pack again with fit: true, or fewer files (include)`,
          );
        }
        if (outcome.fit && outcome.fit.changes.length > 0) {
          const outlined = outcome.fit.changes.filter((c) => c.to === 'outline').length;
          lines.push(
            `fit: ${number(outcome.fit.before)} → ${count(outcome.fit.after, 'token')}, ${count(outlined, 'file')} outlined, ${outcome.fit.changes.length - outlined} as path only`,
          );
        }
        const secrets = outcome.secrets ?? [];
        if (secrets.length > 0) {
          lines.push(
            `${count(secrets.length, 'possible secret')}${outcome.redacted ? ' (redacted)' : ' (not redacted: pass redact: true)'}:`,
            ...secrets.map((s) => `  ${s.path}:${s.line} ${s.kind}`),
          );
        }
        return {
          content: [text(lines.join('\n')), text(outcome.prompt)],
          structuredContent: {
            files: outcome.packedFiles,
            tokens: outcome.tokens,
            exact: outcome.model.exact,
            model: outcome.model.id,
            budget: outcome.budget,
            outlined: outcome.outlined,
            fit: outcome.fit,
            secrets: secrets.map(({ path, line, column, kind }) => ({
              path,
              line,
              column,
              rule: kind,
            })),
            redacted: outcome.redacted,
          },
        };
      }),
  );

  server.registerTool(
    'suggest_files',
    {
      title: 'Suggest the files for a request',
      description:
        'Ranks the files of a folder the client shares (its roots) for a request, with no model and no upload: lexical, path, mentions, definitions, imports, past commits and recent changes, each file with its reasons. With `budget`, the selection that fits (full text first, then outlines), counted exactly for `model`.',
      inputSchema: {
        request: z.string().min(1).describe('what the user wants done'),
        budget: z.number().int().positive().optional().describe('tokens the files may take'),
        model: z.string().optional().describe('model preset id the tokens are counted for'),
        top: z.number().int().positive().optional().describe('how many files to rank (default 20)'),
        directory: z
          .string()
          .optional()
          .describe('folder inside one of the client’s roots (default: the first root)'),
      },
    },
    (args) =>
      toolResult(async () => {
        const { dir, request } = suggestInput(
          await allowedDir(args.directory ?? '.'),
          args.request,
          'in `request`: what the user wants done',
        );
        const model = findModel(args.model);
        const outcome = await runSuggest({
          dir,
          request,
          top: args.top,
          budget: args.budget,
          model,
        });
        // Estimated counts (Claude, Gemini) are marked as the CLI marks them.
        const lines = outcome.files.map(
          (file, rank) =>
            `${rank + 1}. ${file.path} (${file.mode}, ${approx(model)}${number(file.tokens)} tokens): ${file.reasons.map((r) => r.message).join('; ')}`,
        );
        if (outcome.topLeftOut && outcome.budget !== null) {
          lines.push(leftOutLine(outcome.topLeftOut, outcome.budget, model));
        }
        return {
          content: [text(lines.join('\n') || 'No file matches the request.')],
          structuredContent: suggestJson(outcome),
        };
      }),
  );

  server.registerTool(
    'list_compositions',
    {
      title: 'List saved compositions',
      description:
        'The compositions saved on the user’s Promptloom server, with their blocks in order.',
    },
    () =>
      toolResult(async () => {
        const compositions = await (await api()).compositions();
        const lines = compositions.map(
          (c) => `${c.name}: ${c.blocks.map((block) => block.name).join(' → ')}`,
        );
        return { content: [text(lines.join('\n') || 'No composition saved.')] };
      }),
  );

  server.registerTool(
    'get_block',
    {
      title: 'Get a block',
      description: 'The content of one of the user’s blocks, by name or id.',
      inputSchema: { name: z.string().describe('block name (or id)') },
    },
    (args) =>
      toolResult(async () => {
        const blocks = await (await api()).blocks();
        const block =
          blocks.find((b) => b.id === args.name || b.name === args.name) ??
          blocks.find((b) => b.name.toLocaleLowerCase() === args.name.toLocaleLowerCase());
        if (!block) throw new Error(`no block named "${args.name}"`);
        return { content: [text(block.content)] };
      }),
  );
  return server;
}

/** `promptloom mcp`: the server on stdio until the client closes it. */
export async function mcpCommand(env: CliEnv, flags: { allowDir?: string[] }): Promise<void> {
  const allowedDirs = flags.allowDir?.length
    ? flags.allowDir.map((dir) => resolve(dir))
    : [process.cwd()];
  const server = createMcpServer(env, { allowedDirs });
  await server.connect(new StdioServerTransport());
}
