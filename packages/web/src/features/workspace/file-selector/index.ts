/** The file-selector room's public surface: other rooms import it only from here. */
export { FileSelector } from './components/file-selector';
