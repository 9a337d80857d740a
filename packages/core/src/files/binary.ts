import { BINARY_SNIFF_BYTES } from '../limits';
import { extensionOf } from './provider';

/** Extensions whose contents are never text worth putting in a prompt. */
const BINARY_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif bmp ico icns webp avif tif tiff psd heic heif raw cr2 nef ' +
    'mp3 mp4 m4a m4v mov avi mkv webm wav flac ogg oga ogv aac wma wmv flv 3gp ' +
    'zip gz tgz bz2 xz lz lzma zst 7z rar tar jar war ear apk ipa dmg iso img deb rpm msi cab ' +
    'exe dll so dylib o a lib obj bin class pyc pyo pyd wasm node dat db sqlite sqlite3 mdb ' +
    'woff woff2 ttf otf eot pdf doc docx xls xlsx ppt pptx odt ods odp key pages numbers ' +
    'blend fbx glb gltf-binary 3ds max stl unitypackage pak bundle keystore jks p12 pfx der ' +
    'parquet avro orc arrow feather npy npz pkl pickle h5 hdf5 onnx pt pth ckpt safetensors tflite'
  ).split(' '),
);

export function hasBinaryExtension(path: string): boolean {
  return BINARY_EXTENSIONS.has(extensionOf(path));
}

/** A NUL byte among the first bytes is what git and most editors take as "binary". */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_SNIFF_BYTES);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}
