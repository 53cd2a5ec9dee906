import fs from 'node:fs';
import path from 'node:path';

// DATA_DIR holds the embedded database (password hashes, personal data), uploads and the token secret:
// readable and writable by the server's own user only, whatever the umask it was started with.
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Makes `dir` (created if missing) and everything under it owner-only: directories 0700, files 0600.
 * Returns how many entries had wider modes and were repaired. Symbolic links are left as they are.
 */
export function secureDataDir(dir: string): number {
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  let repaired = 0;
  const visit = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    const wanted = st.isDirectory() ? DIR_MODE : FILE_MODE;
    if ((st.mode & 0o777) !== wanted) {
      fs.chmodSync(p, wanted);
      repaired++;
    }
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return repaired;
}
