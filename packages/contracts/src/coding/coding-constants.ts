/** The longest code an editor holds and a run accepts, in characters (ADR 0270). */
export const CODE_MAX_CHARS = 65536;
/** Said when code is longer than that, by the editor and by the run's 400. */
export const CODE_TOO_LONG = `Your code is too long: at most ${CODE_MAX_CHARS.toLocaleString('en-US')} characters can be saved and run.`;
