// The secret scan is its own entry (`@promptloom/core/secrets`): its rule set is loaded by
// the scan worker and the CLI, never by the page's first paint.
export * from './scan';
export * from './redact';
export { SECRET_RULES_RELEASE } from './keywords';
