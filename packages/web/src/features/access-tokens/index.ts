/** Personal access tokens for the CLI and the MCP server: Settings → Access tokens. */
export { AccessTokensPage } from './components/access-tokens-page';
