import { Command, Option } from 'commander';
import type { ApplyFlags } from './commands/apply';
import type { PackFlags } from './commands/pack';
import type { SuggestFlags } from './commands/suggest';
import { readEnv } from './lib/env';
import { CliError, EXIT, describeError, isClosedPipe } from './lib/errors';
import { createOutput } from './lib/output';

const env = readEnv();
const out = createOutput(env.noColor);
// A reader that stops early (`promptloom pack . | head`) closes the pipe: what is left to print
// has nowhere to go, which is no failure and no reason for a stack trace. Other errors still throw.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error) => {
    if (!isClosedPipe(error)) throw error;
  });
const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Runs an action, turning expected failures into one line on stderr and an exit code. */
function action<A extends unknown[]>(run: (...args: A) => Promise<void>) {
  return async (...args: A) => {
    try {
      await run(...args);
    } catch (error) {
      if (isClosedPipe(error)) return;
      out.error(describeError(error));
      process.exitCode = error instanceof CliError ? error.exitCode : EXIT.failure;
    }
  };
}

const program = new Command('promptloom')
  .description(
    'Pack a project into a prompt with Promptloom’s rules, apply the model’s answer back, serve it to agents over MCP.',
  )
  .version('0.1.0')
  .option(
    '--lang <language>',
    'language of the names the server sends (default: the locale: LC_ALL, LC_MESSAGES or LANG)',
  )
  .option('--insecure', 'allow sending the access token over plain http to another machine')
  .configureHelp({ showGlobalOptions: true })
  .showHelpAfterError()
  // Set before the commands are added, so that they inherit it: help and version are not
  // failures; a usage mistake (unknown option, missing argument) exits with 2.
  .exitOverride((error) => process.exit(error.exitCode === 0 ? EXIT.ok : EXIT.usage));

program
  .command('pack')
  .description('pack a folder into one prompt (stdout unless --output or --copy)')
  .argument('[dir]', 'folder to pack', '.')
  .option('--include <glob>', 'only files matching (gitignore syntax; repeatable)', collect)
  .option('--ignore <glob>', 'also ignore (gitignore syntax; repeatable)', collect)
  .option(
    '--model <id>',
    // The presets are listed by core (an unknown id is answered with all of them): a list here
    // would be one more to keep in step, and would load core before the command needs it.
    'count tokens for this model preset (e.g. gpt-4o; an unknown id lists them all)',
    'default',
  )
  .option('--outline <glob>', 'write matching files as code outlines (repeatable)', collect)
  .option(
    '--fit',
    'fit the model’s budget: licences, assets and tests trimmed before source; with a request, the least relevant first',
  )
  .option('--no-secret-scan', 'do not scan the packed files for secrets')
  .option('--redact', 'replace the secrets found by [REDACTED:<kind>] in the prompt')
  .option('-o, --output <file>', 'write the prompt to a file')
  .option('--copy', 'copy the prompt to the system clipboard')
  .option('--changed [ref]', 'only files changed against a git ref (working tree: HEAD)')
  .option('--composition <name>', 'use a composition saved on your Promptloom server')
  .option('--request <text>', 'the task, written into the dynamic task block')
  .option('--suggest <request>', 'pack the files suggested for this request, within the budget')
  .option('--json', 'print the summary as JSON on stdout')
  .addOption(
    new Option('--format <format>', 'prompt format: sections, xml, markdown or plain').default(
      'sections',
    ),
  )
  .action(
    action(async (dir: string, flags: PackFlags) => {
      const { packCommand } = await import('./commands/pack');
      await packCommand(dir, flags, env, out);
    }),
  );

program
  .command('suggest')
  .description('rank the folder’s files for a request (no model, nothing uploaded)')
  .argument('[request]', 'what you want done (stdin when omitted or -)')
  .option('--dir <dir>', 'project folder', '.')
  .option('--json', 'print the files as JSON on stdout')
  .option('--top <n>', 'how many files to list', '20')
  .option(
    '--budget <tokens>',
    'list the selection that fits this many tokens (full, then outlines)',
  )
  .option('--model <id>', 'count tokens for this model preset', 'default')
  .action(
    action(async (request: string | undefined, flags: SuggestFlags) => {
      const { suggestCommand } = await import('./commands/suggest');
      await suggestCommand(request, flags, env, out);
    }),
  );

program
  .command('apply')
  .description(
    'apply a model’s answer to the folder: whole files, search/replace blocks or a unified diff',
  )
  .argument('[answer]', 'file holding the answer (stdin when omitted or -)')
  .option(
    '--dir <dir>',
    'project folder (default: the current folder; inside the Promptloom checkout, give --dir . to edit it)',
  )
  .option('--dry-run', 'print the plan, write nothing (with --json: the JSON preview)')
  .option(
    '--json',
    'print what happened as JSON on stdout; without --dry-run the files are still written',
  )
  .option('--undo', 'put back the files as they were before the last apply')
  .addHelpText(
    'after',
    `
--json changes only what is printed: without --dry-run the answer is written.
  promptloom apply answer.md --dry-run --json   preview as JSON, writes nothing
  promptloom apply answer.md --json             writes, then prints what it wrote as JSON`,
  )
  .action(
    action(async (answer: string | undefined, flags: ApplyFlags) => {
      const { applyCommand } = await import('./commands/apply');
      await applyCommand(answer, flags, env, out);
    }),
  );

program
  .command('login')
  .description('store a Promptloom server and access token for --composition and mcp')
  .option('--server <url>', 'server address, e.g. https://promptloom.example.com')
  .option('--token <token>', 'personal access token (else read from stdin)')
  .action(
    action(async (flags: { server?: string; token?: string }) => {
      const { loginCommand } = await import('./commands/login');
      await loginCommand(flags, env, out);
    }),
  );

program
  .command('mcp')
  .description(
    'run the MCP server on stdio (tools: pack, suggest_files, list_compositions, get_block)',
  )
  .option(
    '--allow-dir <dir>',
    'a folder the tools may read when the client declares no roots (repeatable; default: the working directory)',
    collect,
  )
  .action(
    action(async (flags: { allowDir?: string[] }) => {
      const { mcpCommand } = await import('./commands/mcp');
      await mcpCommand(env, flags);
    }),
  );

// Options of the program itself, given before or after the command's name.
program.hook('preAction', () => {
  const { lang, insecure } = program.opts<{ lang?: string; insecure?: boolean }>();
  if (lang) env.language = lang;
  env.insecure = insecure === true;
});

await program.parseAsync();
