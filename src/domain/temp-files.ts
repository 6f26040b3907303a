/**
 * Where the service may put a temp file while a request runs (a reader that needs one deletes
 * it in `finally`): a folder of this name under the OS temp directory. Anything there older
 * than the retention limit is a crash leftover and is swept (SPEC §7).
 */
export const TEMP_DIR_NAME = 'klartext';
/** The contract's promise: uploaded documents are deleted at the latest 24 hours after processing. */
export const TEMP_FILE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
