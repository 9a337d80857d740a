/** The user's data is theirs: Settings → Account (export, import, delete; decision 060). */
export { AccountPage } from './components/account-page';
